import {isOpen} from '../../contract/lifecycle.js'
import {blockerSentence, payoutBlockers} from '../../contract/payability.js'
import {CurrencyTotals, formatAmount} from '../../shared/money.js'
import {v1Status} from '../domain/api-views.js'
import {dataOf, missingOf} from '../domain/counterparty-registry.js'
import {PAYMENT_METHOD_TYPES} from '../domain/reference-data.js'
import {isPaidDirectly} from '../domain/settlement.js'
import type {PayoutRow} from '../store/row-types.js'
import {destinationOfRow, recipientOf} from './approval-snapshot.js'
import {type Html, html} from './hosted-html.js'
import {methodName} from './method-names.js'
import type {PageContext} from './page-context.js'

/**
 * The approval page's table: per payout the recipient and how it is paid (directly, on claim, or at once to the
 * method its recipient chose), where the money goes (marked: a look-alike address, a counterparty not paid since its
 * details changed), the description, the amount (never broken over lines) and the status; a payout that cannot be
 * paid as it stands is flagged with why (src/contract/payability.ts). Each cell carries its column's name, so that
 * on a narrow screen the rows stand as cards (the stylesheet).
 */

export type PaidHow = 'directly' | 'on-claim' | 'as-chosen'

/** How a payout is paid: to its counterparty's saved account, once its recipient claims, or at once (claimed). */
export function paidHow(row: PayoutRow): PaidHow {
  if (isPaidDirectly(row)) return 'directly'
  return row.payment_method && isOpen(row.status) ? 'as-chosen' : 'on-claim'
}

const HOW: Record<PaidHow, string> = {
  directly: 'Paid directly to this account',
  'on-claim': 'Paid when the recipient claims it',
  'as-chosen': 'Paid on approval: the recipient chose how',
}

/** Why the payout cannot be paid as it stands, in words; empty when nothing keeps it. */
export function blockersOfRow(ctx: PageContext, row: PayoutRow): string[] {
  if (!isPaidDirectly(row) || !row.counterparty_uuid) return []
  const counterparty = ctx.services.store.counterparties.byUuid(row.team_id, row.counterparty_uuid)
  const data = counterparty ? dataOf(counterparty) : undefined
  return payoutBlockers({
    payout: row,
    counterparty: {
      deleted: !counterparty || counterparty.deleted_at !== null,
      missing: data ? missingOf(data) : [],
      paymentMethod: data?.paymentMethod,
    },
    methodTypes: PAYMENT_METHOD_TYPES,
  }).map(blocker => blockerSentence(blocker, methodName))
}

/** The line as the snapshot holds it, its marks shown as labels before it (not repeated in its words). */
function destinationCell(ctx: PageContext, row: PayoutRow): Html {
  const destination = {...destinationOfRow(ctx, row, false), history: destinationOfRow(ctx, row).history}
  const lookAlike = destination.lookAlike ? html` data-look-alike="${destination.lookAlike.punycode ?? 'name'}"` : ''
  const unpaid = destination.history?.unpaid ? html` data-unpaid` : ''
  const marks = [
    destination.lookAlike
      ? html`<strong class="warning">${destination.lookAlike.punycode ? 'Look-alike address' : 'Look-alike name'}</strong> `
      : '',
    destination.history?.unpaid ? html`<strong class="warning">Not paid before</strong> ` : '',
  ]
  return html`<td class="destination" data-label="Destination"${lookAlike}${unpaid}>${marks}${destination.line}</td>`
}

const amount = (currency: string, value: string) => html`<span class="amount">${currency} ${value}</span>`

function payoutRow(ctx: PageContext, row: PayoutRow): Html {
  const blockers = blockersOfRow(ctx, row)
  const how = paidHow(row)
  const flag = blockers.length
    ? html`<p class="flag" data-blocked><strong class="warning">Cannot be paid as it stands:</strong> ${blockers.join('; ')}.</p>`
    : ''
  return html`<tr data-paid="${how}"><td data-label="Recipient">${recipientOf(ctx, row)}<span class="how">${HOW[how]}</span>${flag}</td>${destinationCell(ctx, row)}
<td data-label="Description">${row.description}</td>
<td class="num" data-label="Amount">${amount(row.currency, formatAmount(row.amount, row.currency))}</td><td data-label="Status"><span class="status">${v1Status(row.status)}</span></td></tr>`
}

export function payoutTable(ctx: PageContext, rows: PayoutRow[], pending: PayoutRow[]): Html {
  const totals = new CurrencyTotals()
  for (const row of pending) totals.add(row.currency, row.amount)
  const sums = Object.entries(totals.toObject())
  return html`<table class="payouts">
<caption>Payouts in this request</caption>
<thead><tr><th scope="col">Recipient</th><th scope="col">Destination</th><th scope="col">Description</th><th scope="col" class="num">Amount</th><th scope="col">Status</th></tr></thead>
<tbody>${rows.map(row => payoutRow(ctx, row))}</tbody>
${
  sums.length
    ? html`<tfoot>${sums.map(
        ([currency, sum]) =>
          html`<tr><th scope="row" colspan="3">Total to approve (${currency})</th><td class="num" data-total="${currency}">${amount(currency, sum)}</td><td></td></tr>`,
      )}</tfoot>`
    : ''
}
</table>`
}

/** What approving does, in the words that fit the payouts' kinds. */
export function approvalIntro(ctx: PageContext, teamName: string, pending: PayoutRow[]): Html {
  const kinds = new Set(pending.map(paidHow))
  const count = `${pending.length} ${pending.length === 1 ? 'payout' : 'payouts'}`
  const sentences = [
    `${teamName} is asked to approve ${count}. Approving reserves the amounts against the team balance.`,
  ]
  if (kinds.has('directly'))
    sentences.push(
      kinds.size === 1
        ? 'Nothing is claimed: each is paid directly to the account shown once the team pays it.'
        : 'A payout to a counterparty is paid directly to the account shown once the team pays it.',
    )
  if (kinds.has('on-claim')) sentences.push('A payout to an address is paid once its recipient claims it.')
  if (kinds.has('as-chosen'))
    sentences.push('A payout whose recipient already chose how to be paid is paid at once, to the method shown.')
  const blocked = pending.filter(row => blockersOfRow(ctx, row).length).length
  if (blocked)
    sentences.push(
      `${blocked === 1 ? 'One payout' : `${blocked} payouts`} cannot be paid as ${blocked === 1 ? 'it stands' : 'they stand'}: see below.`,
    )
  return html`<p class="intro">${sentences.join(' ')}</p>`
}
