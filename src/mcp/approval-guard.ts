import {counterpartiesGet} from '../operations/counterparties/counterparties-read.js'
import type {Operation} from '../operations/operation.js'
import {payoutsGet} from '../operations/payouts/payouts-get.js'
import type {SessionOptions} from '../operations/session.js'
import {PayctlError} from '../shared/errors.js'
import {ExitCode} from '../shared/exit-codes.js'
import {errnoCode} from '../shared/thrown.js'
import type {ApprovalRecord} from './approval-record.js'
import type {CallSlots} from './call-slots.js'
import type {ToolAnswer, ToolError} from './tool-answer.js'
import type {ToolArguments} from './tool-call-key.js'
import {runTool} from './tool-run.js'

/**
 * A person approves exactly what they were shown: once a tool has handed out an approval URL for a payout, no tool
 * changes that payout, nor the counterparty it pays (whose payment method a direct pay uses). The agent creates a
 * new payout and hands out a new URL instead.
 */

interface GuardContext {
  session: SessionOptions
  slots: CallSlots
  approvals: ApprovalRecord
}

/**
 * The tools that are refused once an approval URL covers their target, how to find that target, and which of the
 * tool's arguments name it (as the lookup's `id` or `custom-id`). A create naming an existing customId is an update
 * too (v1 `POST /payout` upserts by customId). A claim, or a claim URL, of a payout under approval would let whoever
 * claims choose where the approved money goes; deleting the counterparty a payout pays changes what the page showed.
 */
const BY_ID = {id: 'id', 'custom-id': 'custom-id'}
const BY_PAYOUT = {payout: 'id', 'custom-id': 'custom-id'}
const GUARDED: Record<
  string,
  {lookup: Operation; fixed: ToolArguments; kind: 'payoutId' | 'counterpartyId'; naming: Record<string, string>}
> = {
  payouts_update: {lookup: payoutsGet, fixed: {api: 'v2'}, kind: 'payoutId', naming: BY_ID},
  payouts_create: {lookup: payoutsGet, fixed: {api: 'v2'}, kind: 'payoutId', naming: BY_ID},
  sessions_payout: {lookup: payoutsGet, fixed: {api: 'v2'}, kind: 'payoutId', naming: BY_PAYOUT},
  emulator_claim: {lookup: payoutsGet, fixed: {api: 'v2'}, kind: 'payoutId', naming: BY_PAYOUT},
  counterparties_update: {lookup: counterpartiesGet, fixed: {}, kind: 'counterpartyId', naming: BY_ID},
  counterparties_delete: {lookup: counterpartiesGet, fixed: {}, kind: 'counterpartyId', naming: BY_ID},
}

/** A lookup the guard makes, in a slot of the server's calls like any tool call. */
const lookUp = (context: GuardContext, operation: Operation, args: ToolArguments) =>
  context.slots.run(() => runTool(context.session, operation, args))

type PayoutData = {id?: unknown; counterpartyId?: unknown}

const idOf = (data: unknown): string | undefined => {
  const item = (Array.isArray(data) ? data[0] : data) as PayoutData | undefined
  return typeof item?.id === 'string' ? item.id : undefined
}

/**
 * The canonical id of what an update tool names (by id or customId), read from the service; nothing when the
 * service has no such object (a create with a new customId). An id or customId that is not one (a usage error of
 * the lookup) is `invalid`: the agent's input is wrong, and it says so. Any other failure of the lookup is
 * `unchecked`: the guard cannot tell, so the update does not run.
 */
async function targetId(
  context: GuardContext,
  guarded: (typeof GUARDED)[string],
  args: ToolArguments,
): Promise<{id?: string; unchecked?: string; invalid?: ToolError}> {
  const naming = Object.fromEntries(
    Object.entries(args).flatMap(([name, value]) => (name in guarded.naming ? [[guarded.naming[name], value]] : [])),
  )
  if (!Object.keys(naming).length) return {}
  const answer = await lookUp(context, guarded.lookup, {...naming, ...guarded.fixed})
  if (!answer.error) return {id: idOf(answer.data)}
  if (answer.error.exitCode === ExitCode.usage) return {invalid: answer.error}
  return answer.error.exitCode === ExitCode.notFound ? {} : {unchecked: answer.error.code}
}

/**
 * The target of an update and the approval URL that covers it, if any. The ids as given are checked before the
 * lookup, so a service that does not find the payout (yet) gets no update of it either.
 */
async function coveredTarget(context: GuardContext, guarded: (typeof GUARDED)[string], args: ToolArguments) {
  const issuedFor = (id: string) => context.approvals.issuedFor({[guarded.kind]: id})
  const given = Object.keys(guarded.naming).filter(name => guarded.naming[name] === 'id')
  for (const id of given.flatMap(name => strings(args[name]))) {
    const issued = await issuedFor(id)
    if (issued) return {id, issued}
  }
  const {id, unchecked, invalid} = await targetId(context, guarded, args)
  if (invalid) return {invalid}
  if (unchecked) return {unchecked}
  const issued = id === undefined ? undefined : await issuedFor(id)
  return id !== undefined && issued ? {id, issued} : undefined
}

/** The refusal of an update whose target a person may be approving right now, or undefined. */
export async function approvalRefusal(
  context: GuardContext,
  tool: string,
  args: ToolArguments,
): Promise<ToolAnswer | undefined> {
  const guarded = GUARDED[tool]
  if (!guarded) return undefined
  const covered = await coveredTarget(context, guarded, args)
  if (!covered) return undefined
  if ('invalid' in covered) return {warnings: [], error: covered.invalid}
  if ('unchecked' in covered)
    return {
      warnings: [],
      error: {
        code: 'APPROVAL_UNCHECKED',
        message: `could not read what ${tool} names to check it against the approval URLs handed out (${covered.unchecked}); nothing was changed`,
        exitCode: ExitCode.transient,
        suggestions: ['try again once the service answers'],
      },
    }
  const {id, issued} = covered
  const what = guarded.kind === 'payoutId' ? `payout ${id} is` : `counterparty ${id} is paid by a payout that is`
  return {
    warnings: [],
    error: {
      code: 'APPROVAL_REQUESTED',
      message: `${what} in an approval URL handed out at ${issued.at} (${issued.tool}); a person approves what that page showed, so no tool changes it now`,
      exitCode: 5,
      suggestions: [
        'create a new payout with payouts_create and hand out its new approval URL (delete this one with payouts_delete)',
      ],
    },
  }
}

/** The payouts an approval URL covers, by canonical id, with the counterparties they pay. */
async function coveredPayouts(context: GuardContext, payouts: string[], customIds: string[]) {
  if (payouts.length + customIds.length === 0) return undefined
  const answer = await lookUp(context, payoutsGet, {id: payouts, 'custom-id': customIds, api: 'v2'})
  if (answer.error) return undefined
  const items = (Array.isArray(answer.data) ? answer.data : [answer.data]) as PayoutData[]
  return {
    payoutIds: items.flatMap(item => (typeof item.id === 'string' ? [item.id] : [])),
    counterpartyIds: items.flatMap(item => (typeof item.counterpartyId === 'string' ? [item.counterpartyId] : [])),
  }
}

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String)

/**
 * Records the payouts of an approval URL before the URL reaches the agent. Returns why the URL must be withheld
 * (the record could not be written, or its payouts not be read), or undefined once it is recorded.
 */
export async function recordApprovalUrl(
  context: GuardContext,
  tool: string,
  covered: {payouts?: unknown; customIds?: unknown; data?: unknown},
): Promise<string | undefined> {
  const data = covered.data as PayoutData | undefined
  const known =
    typeof data?.id === 'string'
      ? {payoutIds: [data.id], counterpartyIds: typeof data.counterpartyId === 'string' ? [data.counterpartyId] : []}
      : await coveredPayouts(context, strings(covered.payouts), strings(covered.customIds))
  if (!known?.payoutIds.length) return 'the payouts of the approval URL could not be read back'
  try {
    await context.approvals.add({tool, ...known})
    return undefined
  } catch (error) {
    const why = error instanceof PayctlError ? error.message : (errnoCode(error) ?? error)
    return `the approval URL could not be recorded (${why})`
  }
}
