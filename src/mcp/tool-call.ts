import type {SessionOptions} from '../operations/session.js'
import type {AgentChanges} from '../services/counterparties/agent-changes.js'
import {fieldOf} from '../shared/json-object.js'
import {errnoCode} from '../shared/thrown.js'
import {approvalRefusal, recordApprovalUrl} from './approval-guard.js'
import type {ApprovalRecord} from './approval-record.js'
import type {CallSlots} from './call-slots.js'
import {addApproval} from './create-approval.js'
import {confinedPath} from './file-confinement.js'
import {flagMissing, payRefusalStep} from './payout-blockers.js'
import {NO_PERSON, type PersonChannel} from './person-channel.js'
import {answerOf, type ToolAnswer} from './tool-answer.js'
import {retrySafeArguments, type ToolArguments} from './tool-call-key.js'
import {LIST_TOOLS, type ToolDefinition} from './tool-catalog.js'
import {runTool} from './tool-run.js'
import {APPROVAL_INPUTS} from './tool-schemas.js'

/** The wait tool's default time-out: under the 60 s request time-out of common MCP clients. */
export const WAIT_TIMEOUT = '50s'

export interface ToolContext {
  /** What every call's session is made of: the server's profile, the folders, the version. */
  session: SessionOptions
  /** At most so many calls at once. */
  slots: CallSlots
  /** Where an approval page returns to when the agent gives no approval-redirect-url. */
  approvalRedirectUrl: string
  /** How long a call that showed the approval page to the person waits for their decision. */
  approvalWaitMs: number
  /** The payouts whose approval URLs were handed out on this profile (no tool changes them afterwards). */
  approvals: ApprovalRecord
  /** The counterparties agents created or changed on this profile (marked where a person reads a destination). */
  agentChanges?: AgentChanges
  /** `payctl mcp --files-dir`: the only folder whose files a tool may read. */
  filesDir?: string
  /** This server's MCP session (one client over stdio): the scope of the idempotency keys derived from calls. */
  mcpSession: string
}

export interface ToolOutcome {
  answer: ToolAnswer
  exitCode: number
  idempotencyKey?: string
}

const failed = (code: string, message: string): ToolOutcome => ({
  answer: {warnings: [], error: {code, message, exitCode: 2}},
  exitCode: 2,
})

/** "-" means stdin to a command; a tool's stdin is the MCP channel itself. */
function stdinProblem(args: ToolArguments): string | undefined {
  const name = Object.keys(args).find(key => args[key] === '-' || (Array.isArray(args[key]) && args[key].includes('-')))
  return name === undefined ? undefined : `${name}: "-" (stdin) is not available to a tool; give the values`
}

/** A tool's file arguments as real paths inside the files folder, or why one is refused. */
async function confineFiles(
  context: ToolContext,
  tool: ToolDefinition,
  args: ToolArguments,
): Promise<{args: ToolArguments} | {problem: string}> {
  const names = (tool.files ?? []).filter(name => args[name] !== undefined)
  if (!names.length) return {args}
  if (context.filesDir === undefined) return {problem: `${names[0]}: this server reads no files`}
  const out = {...args}
  for (const name of names) {
    const found = await confinedPath(context.filesDir, String(args[name]))
    if ('problem' in found) return {problem: `${name}: ${found.problem}`}
    out[name] = found.path
  }
  return {args: out}
}

/** An approval URL that was minted but could not be recorded is not handed out. */
const withholdUrl = (reason: string): ToolAnswer => ({
  warnings: [],
  error: {code: 'UNEXPECTED', message: `no approval URL: ${reason}`, exitCode: 1},
})

/** The tool's input: its arguments (made retry-safe for writes, keyed within this MCP session), its defaults and its
 * fixed inputs. */
function toolInput(tool: ToolDefinition, args: ToolArguments, mcpSession: string) {
  const own = Object.fromEntries(Object.entries(args).filter(([name]) => !(name in APPROVAL_INPUTS)))
  const withDefaults =
    tool.operation.id === 'payouts:wait' && own.timeout === undefined ? {...own, timeout: WAIT_TIMEOUT} : own
  const safe = tool.hints.readOnlyHint
    ? withDefaults
    : retrySafeArguments(tool.name, tool.operation.inputs, withDefaults, mcpSession)
  const key = safe['idempotency-key'] ?? (safe['custom-id'] !== args['custom-id'] ? safe['custom-id'] : undefined)
  return {input: {...safe, ...tool.fixed}, idempotencyKey: typeof key === 'string' ? key : undefined}
}

/**
 * The tools that create or change a counterparty: a person is shown it as set by an agent, and the agent what it
 * still lacks for a direct payment, with the fix.
 */
const COUNTERPARTY_CHANGES: ReadonlySet<string> = new Set(['counterparties_create', 'counterparties_update'])

/** Records the counterparty a tool created or changed; a record that cannot be written is said in the answer. */
async function recordAgentChange(context: ToolContext, tool: string, answer: ToolAnswer): Promise<void> {
  const counterpartyId = fieldOf(answer.data, 'id')
  if (!context.agentChanges || typeof counterpartyId !== 'string') return
  try {
    await context.agentChanges.add({tool, counterpartyId})
  } catch (error) {
    answer.warnings.push(
      `the change could not be recorded as an agent's (${errnoCode(error) ?? error}): payctl will not mark it`,
    )
  }
}

/**
 * Runs one tool call through its operation; the create tool adds the approval of a pending payout, through the
 * person behind the client where it can (create-approval.ts).
 */
export async function callTool(
  context: ToolContext,
  tool: ToolDefinition,
  given: ToolArguments,
  person: PersonChannel = NO_PERSON,
): Promise<ToolOutcome> {
  const problem = stdinProblem(given)
  if (problem) return failed('USAGE', problem)
  const confined = await confineFiles(context, tool, given)
  if ('problem' in confined) return failed('USAGE', confined.problem)
  const args = confined.args
  const refusal = await approvalRefusal(context, tool.name, args)
  if (refusal) return {answer: refusal, exitCode: refusal.error?.exitCode ?? 5}
  const {input, idempotencyKey} = toolInput(tool, args, context.mcpSession)
  const answer = answerOf(await context.slots.run(() => runTool(context.session, tool.operation, input)))
  const exitCode = answer.error?.exitCode ?? 0
  if (tool.name === 'sessions_approval' && !answer.error) {
    const withheld = await recordApprovalUrl(context, tool.name, {payouts: args.payout, customIds: args['custom-id']})
    if (withheld) return {answer: withholdUrl(withheld), exitCode: 1, idempotencyKey}
  }
  if (COUNTERPARTY_CHANGES.has(tool.name) && !answer.error) await recordAgentChange(context, tool.name, answer)
  if (LIST_TOOLS.has(tool.name) && !answer.error) answer.extra = {nextCursor: null, ...answer.extra}
  if (tool.name === 'payouts_create' && !answer.error) await addApproval(context, person, answer, args)
  if (COUNTERPARTY_CHANGES.has(tool.name) && !answer.error) await flagMissing(context, answer)
  if (tool.name === 'payouts_pay') await payRefusalStep(context, answer, context.approvalRedirectUrl)
  return {answer, exitCode: answer.error?.exitCode ?? exitCode, idempotencyKey}
}
