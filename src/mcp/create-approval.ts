import Big from 'big.js'
import {isApprovable} from '../contract/lifecycle.js'
import {payoutsDelete} from '../operations/payouts/payouts-delete.js'
import {payoutsGet} from '../operations/payouts/payouts-get.js'
import {sessionsApproval} from '../operations/sessions/sessions-mint.js'
import {ExitCode} from '../shared/exit-codes.js'
import {fieldOf} from '../shared/json-object.js'
import {approveThroughClient} from './approval-elicitation.js'
import {recordApprovalUrl} from './approval-guard.js'
import type {ApprovalRecord} from './approval-record.js'
import {flagBlockers, type ReadContext} from './payout-blockers.js'
import type {PersonChannel} from './person-channel.js'
import type {NextCall, ToolAnswer, ToolRun} from './tool-answer.js'
import type {ToolArguments} from './tool-call-key.js'
import {runTool} from './tool-run.js'

/** How often a call that showed the approval page reads its payouts while the person decides. */
const DECISION_POLL_MS = 1000

type PayoutData = {id?: string; status?: string; amount?: string; currency?: string}

/** What the create tool's approval runs with (the server's tool context, in part). */
interface ApprovalContext extends ReadContext {
  approvals: ApprovalRecord
  approvalRedirectUrl: string
  approvalWaitMs: number
}

const run = (context: ApprovalContext, step: Parameters<typeof runTool>[1], input: ToolArguments): Promise<ToolRun> =>
  context.slots.run(() => runTool(context.session, step, input))

/** A pending payout's approval page, for a team member: the sessions-approval operation on the new payout. */
const approvalSession = (context: ApprovalContext, payoutId: string, args: ToolArguments) =>
  run(context, sessionsApproval, {
    payout: [payoutId],
    'redirect-url': args['approval-redirect-url'] ?? context.approvalRedirectUrl,
    'login-hint': args['approval-login-hint'],
  })

/** What the person is asked in their client: count, total, currency and where the money goes. */
function approvalMessage(payout: PayoutData, destination: string | undefined): string {
  const amount = payout.amount ? new Big(payout.amount).toFixed(2) : '?'
  return `Approve 1 payout of ${payout.currency} ${amount} to ${destination ?? 'its recipient'} on the hosted approval page (sign in as a team member).`
}

/** Waiting on: the payouts still awaiting approval, read again; undefined when they cannot be read. */
async function stillAwaiting(context: ApprovalContext, payoutId: string): Promise<boolean | undefined> {
  const read = await run(context, payoutsGet, {id: [payoutId]})
  if (read.error) return read.error.exitCode === ExitCode.notFound ? false : undefined
  const status = fieldOf(read.data, 'status')
  return isApprovable(typeof status === 'string' ? status : undefined)
}

/** A payout the person refused in their client: deleted, so its page approves nothing. */
async function refused(
  context: ApprovalContext,
  answer: ToolAnswer,
  payoutId: string,
  action: 'decline' | 'cancel',
  args: ToolArguments,
): Promise<void> {
  const deleted = await run(context, payoutsDelete, {id: [payoutId]})
  const what = action === 'decline' ? 'declined' : 'dismissed'
  const again: NextCall = {
    tool: 'payouts_create',
    arguments: Object.fromEntries(Object.entries(args).filter(([name]) => name !== 'idempotency-key')),
    supply: [{input: 'idempotency-key', about: 'a new key: the same arguments answer the deleted payout'}],
    why: 'only if the person asks for the payout again',
  }
  answer.data = undefined
  answer.extra = {approval: {status: action === 'decline' ? 'declined' : 'cancelled'}}
  answer.error = deleted.error
    ? {
        code: action === 'decline' ? 'APPROVAL_DECLINED' : 'APPROVAL_CANCELLED',
        message: `the person ${what} the approval page of payout ${payoutId}; nothing was approved, but the payout could not be deleted (${deleted.error.code}), so its page still works`,
        exitCode: ExitCode.conflict,
        next: {tool: 'payouts_delete', arguments: {id: [payoutId]}, why: 'so that its approval page approves nothing'},
      }
    : {
        code: action === 'decline' ? 'APPROVAL_DECLINED' : 'APPROVAL_CANCELLED',
        message: `the person ${what} the approval page of payout ${payoutId}; nothing was approved and the payout was deleted, so the page approves nothing`,
        exitCode: ExitCode.conflict,
        data: {deleted: [payoutId]},
        next: again,
      }
}

/**
 * The approval of a payout the create tool left pending, once nothing keeps it from being paid (payout-blockers.ts).
 * With a client that shows URLs to its person (URL-mode
 * elicitation), the page goes to the person through the client and the call answers their decision: the payout as
 * it now stands, still pending when the wait ended (the page keeps working), or an error when they refused it in
 * their client (the payout is deleted). Any other client gets the URL in `approvalUrl`, for the agent to hand on.
 * The URL is recorded before it leaves the server either way.
 */
export async function addApproval(
  context: ApprovalContext,
  person: PersonChannel,
  answer: ToolAnswer,
  args: ToolArguments,
): Promise<void> {
  const payout = answer.data as PayoutData | undefined
  if (!payout?.id || !isApprovable(payout.status)) return
  if (await flagBlockers(context, answer, args)) return
  const session = await approvalSession(context, payout.id, args)
  const withheld = session.error ? undefined : await recordApprovalUrl(context, 'payouts_create', {data: payout})
  const url = fieldOf(session.data, 'url')
  if (session.error || withheld || typeof url !== 'string' || !url) {
    answer.warnings.push(
      `no approval URL: ${session.error ? `${session.error.code}: ${session.error.message}` : withheld}`,
    )
    answer.next = [
      ...(answer.next ?? []),
      {
        tool: 'sessions_approval',
        arguments: {payout: [payout.id], 'redirect-url': args['approval-redirect-url'] ?? context.approvalRedirectUrl},
        why: 'an approval page for this payout, once the cause above is gone',
      },
    ]
    return
  }
  if (!person.urlElicitation) {
    answer.extra = {...answer.extra, approvalUrl: url}
    return
  }
  const destination = (answer.extra?.destinations as Record<string, string> | undefined)?.[payout.id]
  const payoutId = payout.id
  const outcome = await approveThroughClient(person, {
    url,
    message: approvalMessage(payout, destination),
    waitMs: context.approvalWaitMs,
    pollMs: DECISION_POLL_MS,
    awaiting: () => stillAwaiting(context, payoutId),
  })
  if (outcome.kind === 'unshown') {
    answer.warnings.push(
      `the client did not show the approval page (${outcome.reason}): hand approvalUrl to a team member`,
    )
    answer.extra = {...answer.extra, approvalUrl: url}
    return
  }
  if (outcome.kind === 'refused') return refused(context, answer, payoutId, outcome.action, args)
  const fresh = await run(context, payoutsGet, {id: [payoutId]})
  if (!fresh.error) answer.data = fresh.data
  const approval = {status: outcome.kind, elicitationId: outcome.elicitationId}
  answer.extra = {...answer.extra, approval}
  if (outcome.kind === 'decided') return
  const waited = `${Math.round(context.approvalWaitMs / 1000)} s`
  const why = `the person has not decided on the approval page yet (waited ${waited}); the page they were shown still works`
  answer.warnings.push(why)
  answer.next = [
    ...(answer.next ?? []),
    {tool: 'payouts_wait', arguments: {id: [payoutId], until: 'approved'}, why: 'to resume waiting for the decision'},
  ]
}
