import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod'
import {scrubValue} from '../../client/redact.js'
import type {AuditLog} from './audit-log.js'
import {AuditedTransport} from './audited-transport.js'
import {type CommandSpec, commandWords} from './command-spec.js'
import {inputShape} from './input-schema.js'
import {outputSchemaOf} from './output-schemas.js'
import {callResultOf} from './tool-answer.js'
import {APPROVAL_INPUTS, callTool, type ToolContext} from './tool-call.js'
import {LIST_TOOLS, NEVER_OFFERED, type ToolDefinition, type ToolGroup, toolsOf} from './tool-catalog.js'

export interface McpServeOptions extends ToolContext {
  groups: readonly ToolGroup[]
  audit: AuditLog
  profile: string
  version: string
  /**
   * The profile's secrets (key, OAuth tokens, webhook signing secrets): replaced by [redacted] in every answer, here
   * and nowhere else, whatever a server echoed into it.
   */
  secrets: ReadonlyArray<string | undefined>
  /**
   * Adds to `secrets` what the profile holds now: a tool call may have refreshed the OAuth tokens, and the new ones
   * are scrubbed from its answer (and the audit line) as the old ones are.
   */
  refreshSecrets?: () => Promise<void>
}

const INSTRUCTIONS = `payctl's tools on one profile of the Payout Service. Amounts are decimal strings.
Paying someone: payouts_create (the payout stays pending) -> give its approvalUrl to a team member, who approves it on
the hosted page -> payouts_wait until it is final. Retrying a call with the same arguments never applies it twice.
Errors carry the CLI's code, message and suggestions.`

/** A tool's input: the command's own flags and arguments (the create tool adds its approval page's). */
export function toolInputShape(tool: ToolDefinition, commands: ReadonlyMap<string, CommandSpec>) {
  const command = commands.get(tool.command)
  if (!command) throw new Error(`tool ${tool.name}: no command ${tool.command}`)
  const omit = [...NEVER_OFFERED.filter(name => !tool.offer?.includes(name)), ...(tool.omit ?? [])]
  const shape = inputShape(command, {omit})
  const approval = commands.get('sessions:approval')
  if (tool.name === 'payouts_create' && approval)
    for (const [input, flag] of Object.entries(APPROVAL_INPUTS)) {
      const spec = approval.flags[flag]
      if (spec)
        shape[input] = z
          .string()
          .optional()
          .describe(`Approval page: ${spec.summary ?? flag}`)
    }
  return shape
}

/**
 * A tool's output: the command's JSON (from the API schemas), the CLI's warnings, the create tool's approvalUrl and
 * a list's nextCursor.
 */
export function toolOutputShape(tool: ToolDefinition, command: CommandSpec | undefined) {
  return {
    data: z.optional(outputSchemaOf(command) ?? z.unknown()),
    ...(tool.name === 'payouts_create'
      ? {approvalUrl: z.string().optional().describe('Hand this to a team member: the approval page.')}
      : {}),
    ...(tool.command === 'payouts:get' || tool.command === 'payouts:create'
      ? {
          destinations: z
            .record(z.string(), z.string())
            .optional()
            .describe(
              "Where each payout's money goes, by payout id: the line the approval page shows the person (masked account and holder, or the address; a look-alike address is marked).",
            ),
        }
      : {}),
    ...(LIST_TOOLS.has(tool.name)
      ? {nextCursor: z.string().nullable().optional().describe('Pass as cursor for the next page; null: the end.')}
      : {}),
    ...(FIT_TOOLS.has(tool.name)
      ? {
          skipped: z
            .array(z.unknown())
            .optional()
            .describe(
              'With skip-conflicts or within-balance: the payouts left out, each {id, status, kind, reason} (kind: conflict, balance or allowance).',
            ),
        }
      : {}),
    warnings: z.array(z.string()).optional().describe("The CLI's warnings: balance, allowance."),
    error: z
      .looseObject({code: z.string(), message: z.string(), exitCode: z.number()})
      .optional()
      .describe("The CLI's error: present exactly when isError is true."),
  }
}

/** The tools whose commands take --skip-conflicts and --within-balance. */
const FIT_TOOLS: ReadonlySet<string> = new Set(['payouts_approve', 'payouts_pay'])

/** What a server did, once its client went away: the profile and tool groups it served, how many calls it answered. */
export type McpRun = {
  profile: string
  groups: ToolGroup[]
  tools: number
  calls: number
}

function register(
  server: McpServer,
  tool: ToolDefinition,
  options: McpServeOptions,
  transport: AuditedTransport,
  run: McpRun,
) {
  const command = options.commands.get(tool.command)
  server.registerTool(
    tool.name,
    {
      title: `payctl ${commandWords(tool.command)}`,
      description: [command?.summary, tool.note, `(${tool.group})`].filter(Boolean).join(' '),
      inputSchema: toolInputShape(tool, options.commands),
      outputSchema: toolOutputShape(tool, command),
      annotations: {...tool.hints, openWorldHint: false},
    },
    async (args, extra) => {
      run.calls++
      const outcome = await callTool(options, tool, args as Record<string, unknown>)
      await options.refreshSecrets?.()
      transport.details.set(extra.requestId, {exitCode: outcome.exitCode, idempotencyKey: outcome.idempotencyKey})
      return callResultOf(scrubValue(outcome.answer, options.secrets))
    },
  )
}

/** Serves the tools of the given groups over stdio until the client disconnects; says how many calls it answered. */
export async function serveMcp(options: McpServeOptions): Promise<McpRun> {
  const [{McpServer}, {StdioServerTransport}] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ])
  const server = new McpServer({name: 'payctl', version: options.version}, {instructions: INSTRUCTIONS})
  const transport = new AuditedTransport(new StdioServerTransport(), options.audit, options.profile)
  const tools = toolsOf(options.groups, options.filesDir)
  const run: McpRun = {profile: options.profile, groups: [...options.groups], tools: tools.length, calls: 0}
  for (const tool of tools) register(server, tool, options, transport, run)
  const closed = new Promise<void>(resolve => {
    server.server.onclose = resolve
  })
  await server.connect(transport)
  // The client going away (stdin closed) ends the server, once the calls in flight have answered.
  process.stdin.once('end', () => void transport.closeWhenIdle())
  await closed
  return run
}
