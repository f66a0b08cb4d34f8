import {isApprovable} from '../contract/lifecycle.js'
import type {AgentChanges} from '../services/counterparties/agent-changes.js'
import {approvalRefusal, recordApprovalUrl} from './approval-guard.js'
import type {ApprovalRecord} from './approval-record.js'
import type {CliRunner} from './cli-runner.js'
import {type CommandSpec, commandWords} from './command-spec.js'
import {confinedPath} from './file-confinement.js'
import {type CommandLine, commandLineOf, type ToolArguments} from './input-schema.js'
import {answerOf, type ToolAnswer} from './tool-answer.js'
import {retrySafeArguments} from './tool-call-key.js'
import {LIST_TOOLS, type ToolDefinition} from './tool-catalog.js'

/** The wait tool's default time-out: under the 60 s request time-out of common MCP clients. */
export const WAIT_TIMEOUT = '50s'
/** The create tool's approval inputs: the `sessions approval` flags under these names. */
export const APPROVAL_INPUTS = {'approval-login-hint': 'login-hint', 'approval-redirect-url': 'redirect-url'} as const

export interface ToolContext {
  runner: CliRunner
  commands: ReadonlyMap<string, CommandSpec>
  /** Where an approval page returns to when the agent gives no approval-redirect-url. */
  approvalRedirectUrl: string
  /** The payouts whose approval URLs were handed out on this profile (no tool changes them afterwards). */
  approvals: ApprovalRecord
  /** The counterparties agents created or changed on this profile (marked where a person reads a destination). */
  agentChanges?: AgentChanges
  /** `payctl mcp --files-dir`: the only folder whose files a tool may read. */
  filesDir?: string
  /** This server's MCP session (one client over stdio): the scope of the idempotency keys derived from calls. */
  session: string
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

/** The tool's command line: its arguments as flags (made retry-safe for writes), its fixed flags, --yes. */
function commandLine(tool: ToolDefinition, command: CommandSpec, args: ToolArguments, session: string) {
  const own = Object.fromEntries(Object.entries(args).filter(([name]) => !(name in APPROVAL_INPUTS)))
  const withDefaults =
    command.id === 'payouts:wait' && own.timeout === undefined ? {...own, timeout: WAIT_TIMEOUT} : own
  const safe = tool.hints.readOnlyHint ? withDefaults : retrySafeArguments(tool.name, command, withDefaults, session)
  // The production confirmation is for a person at a terminal; for a tool the server's groups are the consent.
  const confirm = command.flags.yes ? ['--yes'] : []
  const given = commandLineOf(command, safe)
  const line: CommandLine = {flags: [...given.flags, ...(tool.fixed ?? []), ...confirm], positional: given.positional}
  const key = safe['idempotency-key'] ?? (safe['custom-id'] !== args['custom-id'] ? safe['custom-id'] : undefined)
  return {line, idempotencyKey: typeof key === 'string' ? key : undefined}
}

/** The tools whose counterparty a person is shown as set by an agent. */
const COUNTERPARTY_CHANGES: ReadonlySet<string> = new Set(['counterparties_create', 'counterparties_update'])

/** Records the counterparty a tool created or changed; a record that cannot be written is said in the answer. */
async function recordAgentChange(context: ToolContext, tool: string, answer: ToolAnswer): Promise<void> {
  const counterpartyId = (answer.data as {id?: unknown} | undefined)?.id
  if (!context.agentChanges || typeof counterpartyId !== 'string') return
  try {
    await context.agentChanges.add({tool, counterpartyId})
  } catch (error) {
    answer.warnings.push(
      `the change could not be recorded as an agent's (${(error as NodeJS.ErrnoException).code ?? error}): payctl will not mark it`,
    )
  }
}

/** A pending payout's approval page, for a team member: `sessions approval` on the new payout. */
async function approvalUrl(context: ToolContext, payoutId: string, args: ToolArguments): Promise<ToolAnswer> {
  const flags = [
    `--payout=${payoutId}`,
    `--redirect-url=${String(args['approval-redirect-url'] ?? context.approvalRedirectUrl)}`,
    ...(args['approval-login-hint'] === undefined ? [] : [`--login-hint=${String(args['approval-login-hint'])}`]),
  ]
  return answerOf(await context.runner.run('sessions:approval', {flags, positional: []}))
}

/** Runs one tool call through its command; the create tool adds the approval page of a pending payout. */
export async function callTool(context: ToolContext, tool: ToolDefinition, input: ToolArguments): Promise<ToolOutcome> {
  const command = context.commands.get(tool.command)
  if (!command) return failed('UNEXPECTED', `${commandWords(tool.command)} is not in this installation`)
  const problem = stdinProblem(input)
  if (problem) return failed('USAGE', problem)
  const confined = await confineFiles(context, tool, input)
  if ('problem' in confined) return failed('USAGE', confined.problem)
  const args = confined.args
  const refusal = await approvalRefusal(context, tool.name, args)
  if (refusal) return {answer: refusal, exitCode: refusal.error?.exitCode ?? 5}
  const {line, idempotencyKey} = commandLine(tool, command, args, context.session)
  const run = await context.runner.run(tool.command, line)
  const answer = answerOf(run)
  if (tool.name === 'sessions_approval' && !answer.error) {
    const withheld = await recordApprovalUrl(context, tool.name, {payouts: args.payout, customIds: args['custom-id']})
    if (withheld) return {answer: withholdUrl(withheld), exitCode: 1, idempotencyKey}
  }
  if (COUNTERPARTY_CHANGES.has(tool.name) && !answer.error) await recordAgentChange(context, tool.name, answer)
  if (LIST_TOOLS.has(tool.name) && !answer.error) answer.extra = {nextCursor: null, ...answer.extra}
  if (tool.name === 'payouts_create' && !answer.error) await addApprovalUrl(context, answer, args)
  return {answer, exitCode: run.exitCode, idempotencyKey}
}

/** A payout the create tool left awaiting approval (the lifecycle says it may be approved) gets its approval page,
 * recorded before the agent sees it. */
async function addApprovalUrl(context: ToolContext, answer: ToolAnswer, args: ToolArguments): Promise<void> {
  const payout = answer.data as {id?: string; status?: string} | undefined
  if (!payout?.id || !isApprovable(payout.status)) return
  const session = await approvalUrl(context, payout.id, args)
  const withheld = session.error ? undefined : await recordApprovalUrl(context, 'payouts_create', {data: payout})
  if (session.error) answer.warnings.push(`no approval URL: ${session.error.code}: ${session.error.message}`)
  else if (withheld) answer.warnings.push(`no approval URL: ${withheld}`)
  else answer.extra = {...answer.extra, approvalUrl: (session.data as {url?: string}).url}
}
