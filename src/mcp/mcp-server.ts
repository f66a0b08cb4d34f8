import type {Server} from '@modelcontextprotocol/sdk/server/index.js'
import {scrubValue} from '../client/redact.js'
import {ExitCode} from '../shared/exit-codes.js'
import {forAgent} from './agent-wording.js'
import {checkedArguments} from './argument-check.js'
import type {AuditLog} from './audit-log.js'
import {AuditedTransport} from './audited-transport.js'
import {type PersonChannel, personChannel} from './person-channel.js'
import {notServed, type ServedTool, servedTool} from './served-tool.js'
import {callResultOf, fittedResult} from './tool-answer.js'
import {callTool, type ToolContext, type ToolOutcome} from './tool-call.js'
import {type ToolGroup, toolsOf} from './tool-catalog.js'

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
  /** A line for the person who runs the server (its log), never for the agent. */
  log: (line: string) => void
}

const INSTRUCTIONS = `payctl's tools on one profile of the Payout Service. Amounts are decimal strings.
Paying someone: payouts_create (the payout stays pending) -> a team member approves it on the hosted page (shown to
your user by the client when it supports URL elicitation, else give them approvalUrl) -> payouts_wait until it is
final. Retrying a call with the same arguments in this session never applies it twice; to retry from another session,
give the write an idempotency-key of your own. Errors are isError answers: "CODE: message" naming the input, and
structuredContent.error {code, message, exitCode, next}. "next" is the tool call to make next, with its arguments
(and "supply": the inputs to fill in yourself).`

/** What a server did, once its client went away: the profile and tool groups it served, how many calls it answered. */
export type McpRun = {
  profile: string
  groups: ToolGroup[]
  tools: number
  calls: number
}

type SdkTypes = typeof import('@modelcontextprotocol/sdk/types.js')

interface Serving {
  options: McpServeOptions
  transport: AuditedTransport
  run: McpRun
  tools: ReadonlyMap<string, ServedTool>
}

/** A tool call's outcome: refused by the input schema, or the command's; a failure of payctl itself is an error too. */
async function answer(
  options: McpServeOptions,
  tool: ServedTool,
  args: unknown,
  person: PersonChannel,
): Promise<ToolOutcome> {
  const checked = checkedArguments(tool.input, args)
  if ('answer' in checked) return {answer: checked.answer, exitCode: ExitCode.usage}
  try {
    return await callTool(options, tool.definition, checked.args, person)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return {answer: {warnings: [], error: {code: 'UNEXPECTED', message, exitCode: ExitCode.unexpected}}, exitCode: 1}
  } finally {
    await options.refreshSecrets?.()
  }
}

/**
 * Answers tools/list and tools/call: every argument is checked against the schema tools/list announced, and every
 * answer, success or error, against the announced output schema before it is sent (tool-answer.ts).
 */
function handleTools(server: Server, types: SdkTypes, serving: Serving) {
  const {options, transport, run, tools} = serving
  server.setRequestHandler(types.ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map(tool => tool.listing),
  }))
  server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) => {
    run.calls++
    const tool = tools.get(request.params.name)
    const args = request.params.arguments ?? {}
    if (!tool)
      return callResultOf(
        forAgent(notServed(request.params.name, [...tools.keys()]), {
          tool: request.params.name,
          args,
          inputs: new Set(),
        }),
      )
    const outcome = await answer(options, tool, args, personChannel(server, extra))
    transport.details.set(extra.requestId, {exitCode: outcome.exitCode, idempotencyKey: outcome.idempotencyKey})
    const worded = forAgent(outcome.answer, {tool: tool.definition.name, args, inputs: tool.inputNames})
    return fittedResult(callResultOf(scrubValue(worded, options.secrets)), tool.fits)
  })
}

/** Says, in the server's log (the client shows it as the server's), how this client's person gets approval pages. */
function approvalMode(server: Server): string {
  const client = server.getClientVersion()
  const name = client ? `${client.name} ${client.version}` : 'the client'
  return server.getClientCapabilities()?.elicitation?.url
    ? `payctl mcp: ${name} declares URL elicitation: approval pages go to its user through it`
    : `payctl mcp: ${name} does not declare URL elicitation: the agent gets approval URLs to hand on`
}

/** Serves the tools of the given groups over stdio until the client disconnects; says how many calls it answered. */
export async function serveMcp(options: McpServeOptions): Promise<McpRun> {
  const [{Server}, {StdioServerTransport}, types, {AjvJsonSchemaValidator}] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ])
  const server = new Server(
    {name: 'payctl', version: options.version},
    {capabilities: {tools: {}}, instructions: INSTRUCTIONS},
  )
  const transport = new AuditedTransport(new StdioServerTransport(), options.audit, options.profile)
  const validator = new AjvJsonSchemaValidator()
  const tools = new Map(toolsOf(options.groups, options.filesDir).map(tool => [tool.name, servedTool(tool, validator)]))
  const run: McpRun = {profile: options.profile, groups: [...options.groups], tools: tools.size, calls: 0}
  handleTools(server, types, {options, transport, run, tools})
  server.oninitialized = () => options.log(approvalMode(server))
  const closed = new Promise<void>(resolve => {
    server.onclose = resolve
  })
  await server.connect(transport)
  // The client going away (stdin closed) ends the server, once the calls in flight have answered.
  process.stdin.once('end', () => void transport.closeWhenIdle())
  await closed
  return run
}
