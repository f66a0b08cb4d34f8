import Big from 'big.js'
import {isApprovable} from '../../contract/lifecycle.js'
import {formatAmount} from '../../shared/money.js'
import {Scope} from '../domain/api-scopes.js'
import {stringsOf} from '../domain/json-value.js'
import {ApiFailure} from '../http/api-failure.js'
import type {Principal} from '../http/principal.js'
import type {Reply} from '../http/request-context.js'
import type {PayoutRow} from '../store/row-types.js'
import {changesSinceShown, snapshotOf} from './approval-snapshot.js'
import {approvalIntro, payoutTable} from './approval-table.js'
import {type Html, html} from './hosted-html.js'
import type {PageContext} from './page-context.js'
import {doneLink, errorSummary, type FieldError, postForm} from './page-layout.js'
import {teamGate} from './team-gate.js'

/**
 * The approval page (`POST /session/approval`): a member of the team reviews the session's payouts, with
 * totals per currency and the available balance, and approves the pending ones through the emulator's own
 * approve logic (`Settlement.approve`: one balance decision, reservations, webhooks, and at once the transfer
 * of payouts their recipients already claimed). A balance too low is shown on the page and nothing changes.
 */

function sessionRows(ctx: PageContext): PayoutRow[] {
  const ids = stringsOf(ctx.claims.payload.payoutIds)
  return ids.flatMap(id => ctx.services.store.payouts.byUuid(ctx.claims.teamId, id) ?? [])
}

function balances(ctx: PageContext, pending: PayoutRow[]): Html {
  const currencies = [...new Set(pending.map(row => row.currency))].sort()
  if (!currencies.length) return html``
  return html`<dl class="summary">${currencies.map(currency => {
    const account = ctx.services.store.teams.account(ctx.claims.teamId, currency)
    const available = account ? new Big(account.total).minus(account.reserved) : new Big(0)
    return html`<dt>Available (${currency})</dt><dd>${currency} ${formatAmount(available, currency)}</dd>`
  })}</dl>`
}

export function approvalPage(ctx: PageContext, errors: FieldError[] = [], status = 200): Reply {
  const gate = teamGate(ctx)
  if (!gate.ok) return gate.reply
  const rows = sessionRows(ctx)
  const pending = rows.filter(row => isApprovable(row.status))
  const approved = Number(ctx.query.get('approved') ?? '0')
  const notice =
    approved > 0
      ? html`<div class="alert ok" role="status"><p>Approved ${approved} ${approved === 1 ? 'payout' : 'payouts'}.</p></div>`
      : ''
  if (!pending.length)
    return ctx.render(
      approved > 0 ? 'Payouts approved' : 'Nothing left to approve',
      html`${errorSummary(errors)}${notice}${payoutTable(ctx, rows, pending)}<div class="actions">${doneLink(ctx.claims.redirectUrl)}</div>`,
      status,
    )
  return ctx.render(
    'Review and approve payouts',
    html`${errorSummary(errors)}${notice}
${approvalIntro(ctx, gate.team.name, pending)}
${payoutTable(ctx, rows, pending)}
${balances(ctx, pending)}
${postForm(
  ctx.action('approve'),
  ctx.csrf,
  html`${pending.map(row => html`<input type="hidden" name="shown" value="${JSON.stringify(snapshotOf(ctx, row))}">`)}
<div class="actions"><button type="submit" class="primary">Approve ${pending.length} ${pending.length === 1 ? 'payout' : 'payouts'}</button></div>`,
)}`,
    status,
  )
}

/**
 * POST approve: every pending payout of the session, in one decision, exactly as the page showed them. A payout
 * changed, added or gone since then is shown as it is now, with what changed, and nothing is approved.
 */
export function approve(ctx: PageContext): Reply {
  const gate = teamGate(ctx)
  if (!gate.ok) return gate.reply
  const pending = sessionRows(ctx).filter(row => isApprovable(row.status))
  if (!pending.length) return approvalPage(ctx, [{message: 'There is nothing left to approve'}], 409)
  const changes = changesSinceShown(ctx, pending, ctx.form.getAll('shown'))
  if (changes.length)
    return approvalPage(
      ctx,
      [
        ...changes,
        'Nothing was approved. Review the payouts as they are now, and approve again if they are right.',
      ].map(message => ({message})),
      409,
    )
  // The approving member acts for the team, as a dashboard approval would.
  const principal: Principal = {
    teamId: gate.team.id,
    scopes: new Set([Scope.payoutsApprove]),
    kind: 'api_key',
    credentialId: `hosted-approval:${gate.member.email}`,
    member: gate.member.email,
  }
  try {
    ctx.services.store.transaction(() =>
      ctx.services.settlement.approve(
        principal,
        pending.map(row => ({row})),
      ),
    )
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    const data = error.data as {walletBalance?: string; totalOpenAmount?: string; currency?: string} | undefined
    const message =
      error.code === 'INSUFFICIENT_BALANCE' && data?.currency
        ? `The ${data.currency} balance is too low: ${data.currency} ${data.walletBalance} in the account, ${data.currency} ${data.totalOpenAmount} needed with the payouts already approved. Nothing was approved.`
        : `${error.message}. Nothing was approved.`
    return approvalPage(ctx, [{message}], error.status)
  }
  return ctx.redirect(`?approved=${pending.length}`)
}
