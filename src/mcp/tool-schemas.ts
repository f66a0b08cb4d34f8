import * as z from 'zod'
import {inputShape} from '../operations/inputs/input-schema.js'
import {sessionsApproval} from '../operations/sessions/sessions-mint.js'
import {resultSchema} from '../results/index.js'
import {LIST_TOOLS, NEVER_OFFERED, PAGE_LIMIT, type ToolDefinition} from './tool-catalog.js'

/** The create tool's approval inputs: the `sessions approval` inputs under these names. */
export const APPROVAL_INPUTS = {'approval-login-hint': 'login-hint', 'approval-redirect-url': 'redirect-url'} as const

/** The tools whose operations take skip-conflicts and within-balance. */
const FIT_TOOLS: ReadonlySet<string> = new Set(['payouts_approve', 'payouts_pay'])

/** The inputs a tool leaves out: those no tool offers (but those it does), and its own. */
export const omittedInputs = (tool: ToolDefinition) => [
  ...NEVER_OFFERED.filter(name => !tool.offer?.includes(name)),
  ...(tool.omit ?? []),
]

/** A tool's input: its operation's inputs (the create tool adds its approval page's). */
export function toolInputShape(tool: ToolDefinition) {
  const bounds = LIST_TOOLS.has(tool.name) ? {limit: {max: PAGE_LIMIT}} : undefined
  const shape = inputShape(tool.operation.inputs, {omit: omittedInputs(tool), bounds})
  if (tool.name === 'payouts_create')
    for (const [input, name] of Object.entries(APPROVAL_INPUTS))
      shape[input] = z.string().optional().describe(`Approval page: ${sessionsApproval.inputs[name].summary}`)
  return shape
}

/** A tool's input schema: its inputs and nothing else (a misspelt name is refused, never dropped). */
export const toolInputSchema = (tool: ToolDefinition) => z.strictObject(toolInputShape(tool))
/** A next step: a tool of this server and its arguments (src/mcp/tool-answer.ts, NextCall). */
export const nextCallSchema = z.looseObject({
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  supply: z
    .array(z.looseObject({input: z.string(), about: z.string().optional()}))
    .optional()
    .describe('Inputs to fill in before the call: only the agent or its person knows them.'),
  why: z.string().optional().describe('What the step resolves.'),
})

/** How the create tool's approval went when the client showed the page to the person (URL-mode elicitation). */
const approvalSchema = z
  .looseObject({
    status: z.string().describe('approved (decided on the page), pending (not yet: the page still works), ...'),
    elicitationId: z.string().optional(),
  })
  .describe("The person's decision on the approval page the client showed them.")

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
    next: nextCallSchema.optional().describe('What to call next: a tool and its arguments.'),
  })
  .describe('Present exactly when isError is true.')

/**
 * A tool's output, for success and error alike: the operation's result (from src/results, what its command's --json
 * prints), the warnings, the create tool's approvalUrl, a list's nextCursor, and the error. An operation that fails
 * after its result (a payout that failed while waited for) answers both data and error.
 */
export function toolOutputSchema(tool: ToolDefinition) {
  const id = tool.operation.id
  return z.strictObject({
    data: z.optional(resultSchema(tool.operation.result)),
    ...(tool.name === 'payouts_create'
      ? {
          approvalUrl: z.string().optional().describe('Hand this to a team member: the approval page.'),
          approval: approvalSchema.optional(),
        }
      : {}),
    ...(id === 'payouts:get' || id === 'payouts:create'
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
    next: z.array(nextCallSchema).optional().describe('What to call next, in order, for what the warnings say.'),
    error: toolErrorSchema.optional(),
  })
}

/** A schema as tools/list announces it: JSON Schema draft 7, as MCP clients validate it. */
export const announced = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, {target: 'draft-7', io, unrepresentable: 'any'}) as {type: 'object'} & Record<string, unknown>
