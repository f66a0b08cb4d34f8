import * as z from 'zod'
import type {CommandSpec} from './command-spec.js'
import {inputShape} from './input-schema.js'
import {outputSchemaOf} from './output-schemas.js'
import {APPROVAL_INPUTS} from './tool-call.js'
import {LIST_TOOLS, NEVER_OFFERED, PAGE_LIMIT, type ToolDefinition} from './tool-catalog.js'

/** The tools whose commands take --skip-conflicts and --within-balance. */
const FIT_TOOLS: ReadonlySet<string> = new Set(['payouts_approve', 'payouts_pay'])

/** A tool's input: the command's own flags and arguments (the create tool adds its approval page's). */
export function toolInputShape(tool: ToolDefinition, commands: ReadonlyMap<string, CommandSpec>) {
  const command = commands.get(tool.command)
  if (!command) throw new Error(`tool ${tool.name}: no command ${tool.command}`)
  const omit = [...NEVER_OFFERED.filter(name => !tool.offer?.includes(name)), ...(tool.omit ?? [])]
  const bounds = LIST_TOOLS.has(tool.name) ? {limit: {max: PAGE_LIMIT}} : undefined
  const shape = inputShape(command, {omit, bounds})
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

/** A tool's input schema: its inputs and nothing else (a misspelt name is refused, never dropped). */
export const toolInputSchema = (tool: ToolDefinition, commands: ReadonlyMap<string, CommandSpec>) =>
  z.strictObject(toolInputShape(tool, commands))

/** The CLI's error as an answer carries it (what --json prints under "error"). */
export const toolErrorSchema = z
  .looseObject({
    code: z.string().describe("The CLI's error code: USAGE, PAYOUT_NOT_FOUND, APPROVAL_REQUESTED, ..."),
    message: z.string().describe('What went wrong, naming the input ("--amount: ..." or "amount: ...").'),
    exitCode: z.number().int().describe("The CLI's exit code: 2 usage, 4 not found, 5 conflict, 7 transient, ..."),
    suggestions: z.array(z.string()).optional().describe('What to do instead.'),
    details: z
      .array(z.looseObject({path: z.string(), message: z.string()}))
      .optional()
      .describe('One entry per refused input.'),
    status: z.number().int().optional().describe("The service's HTTP status."),
    requestId: z.string().optional(),
  })
  .describe('Present exactly when isError is true.')

/**
 * A tool's output, for success and error alike: the command's JSON (from the API schemas), the CLI's warnings, the
 * create tool's approvalUrl, a list's nextCursor, and the error. A command that fails after showing its result
 * (a payout that failed while waited for) answers both data and error.
 */
export function toolOutputSchema(tool: ToolDefinition, command: CommandSpec | undefined) {
  return z.strictObject({
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
    error: toolErrorSchema.optional(),
  })
}

/** A schema as tools/list announces it: JSON Schema draft 7, as MCP clients validate it. */
export const announced = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, {target: 'draft-7', io, unrepresentable: 'any'}) as {type: 'object'} & Record<string, unknown>
