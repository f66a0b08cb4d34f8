import {type Destination, destinationOf} from '../../contract/destination.js'
import {formatAmount} from '../../shared/money.js'
import {v2CounterpartyId} from '../domain/api-views.js'
import type {CounterpartyRow, PaymentMethodRecord, PayoutRow} from '../store/row-types.js'
import {methodName} from './method-names.js'
import type {PageContext} from './page-context.js'

/**
 * What the approval page showed of one payout: the person approves that, and only that. The form carries one
 * snapshot per pending payout; at the click each is compared with the payout as it is now.
 */
export interface ShownPayout {
  id: string
  amount: string
  currency: string
  recipient: string
  description: string
  /** Where the money goes (src/contract/destination.ts): the masked account and holder, or the address. */
  destination: string
  /** The counterparty a direct payment goes to, with the time its record last changed. */
  counterparty: string | null
  updatedAt: string
}

export const recipientOf = (ctx: PageContext, row: PayoutRow) =>
  ctx.services.payouts.contactOf(row) ?? row.creator_handle ?? (row.counterparty_uuid ? 'Counterparty' : '—')

/** The payment method a payout carries (claimed, or taken by a transfer), with the details the recipient gave. */
function ownMethodOf(row: PayoutRow): Record<string, unknown> | undefined {
  if (!row.payment_method) return undefined
  const record = JSON.parse(row.payment_method) as PaymentMethodRecord
  return {...record.details, type: record.type, currency: record.currency}
}

/** Whether a payout to the counterparty completed since its details last changed. */
const paidSinceChanged = (ctx: PageContext, counterparty: CounterpartyRow) =>
  ctx.services.store.payouts.paidSince(counterparty.team_id, counterparty.uuid, counterparty.updated_at)

/**
 * Where a payout's money goes, as payctl shows it too; `marked`: with the counterparty's history (not paid since its
 * details last changed). The service cannot tell an agent's key from a person's, so the page marks no agent.
 */
export function destinationOfRow(ctx: PageContext, row: PayoutRow, marked = true): Destination {
  const counterparty = row.counterparty_uuid
    ? ctx.services.store.counterparties.byUuid(row.team_id, row.counterparty_uuid)
    : undefined
  const payout = {
    status: row.status,
    counterpartyId: row.counterparty_uuid ? v2CounterpartyId(row.counterparty_uuid) : undefined,
    email: row.email ?? undefined,
    phone: row.phone ?? undefined,
    creatorHandle: row.creator_handle ?? undefined,
    paymentMethod: ownMethodOf(row),
  }
  if (!counterparty) return destinationOf(payout, undefined, {methodName})
  const unpaid = marked && !paidSinceChanged(ctx, counterparty)
  return destinationOf(
    payout,
    {
      identity: JSON.parse(counterparty.identity),
      email: counterparty.email ?? undefined,
      paymentMethod: counterparty.payment_method ? JSON.parse(counterparty.payment_method) : null,
      deleted: counterparty.deleted_at !== null,
    },
    {methodName, history: unpaid ? {unpaid: {}} : undefined},
  )
}

export function snapshotOf(ctx: PageContext, row: PayoutRow): ShownPayout {
  const counterparty = row.counterparty_uuid
    ? ctx.services.store.counterparties.byUuid(row.team_id, row.counterparty_uuid)
    : undefined
  return {
    id: row.uuid,
    amount: formatAmount(row.amount, row.currency),
    currency: row.currency,
    recipient: recipientOf(ctx, row),
    description: row.description,
    // The marks of the counterparty's history are for the person; a payout paid meanwhile changes nothing approved.
    destination: destinationOfRow(ctx, row, false).line,
    counterparty: row.counterparty_uuid ? `${row.counterparty_uuid}@${counterparty?.updated_at ?? ''}` : null,
    updatedAt: row.updated_at,
  }
}

function parseShown(value: string): ShownPayout | undefined {
  try {
    const parsed = JSON.parse(value) as ShownPayout
    return typeof parsed?.id === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}

const LABELS: Array<[keyof ShownPayout, string]> = [
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['recipient', 'recipient'],
  ['destination', 'destination'],
  ['counterparty', "counterparty's details"],
  ['description', 'description'],
]

function describeChange(key: keyof ShownPayout, label: string, before: ShownPayout, now: ShownPayout): string {
  if (key === 'counterparty' || key === 'description') return `${label} changed`
  if (key === 'amount') return `${label} ${before.currency} ${before.amount} → ${now.currency} ${now.amount}`
  return `${label} ${before[key] ?? '(not shown)'} → ${now[key]}`
}

/**
 * How the pending payouts differ from what the form showed, one line per difference; empty when the person is
 * approving exactly what they saw.
 */
export function changesSinceShown(ctx: PageContext, pending: PayoutRow[], shownValues: string[]): string[] {
  const shown = new Map(shownValues.flatMap(value => parseShown(value) ?? []).map(item => [item.id, item]))
  const changes: string[] = []
  for (const row of pending) {
    const now = snapshotOf(ctx, row)
    const before = shown.get(row.uuid)
    shown.delete(row.uuid)
    if (!before) {
      changes.push(
        `A payout of ${now.currency} ${now.amount} to ${now.recipient} was added since you opened this page.`,
      )
      continue
    }
    const fields = LABELS.filter(([key]) => before[key] !== now[key]).filter(
      // A new destination says what changed; the counterparty's other details only when it is the same.
      ([key], _, all) => key !== 'counterparty' || !all.some(([other]) => other === 'destination'),
    )
    const described = fields.map(([key, label]) => describeChange(key, label, before, now))
    if (!described.length && before.updatedAt !== now.updatedAt) described.push(`it was edited at ${now.updatedAt}`)
    if (described.length)
      changes.push(`The payout to ${before.recipient} changed since you reviewed it: ${described.join('; ')}.`)
  }
  for (const gone of shown.values())
    changes.push(
      `The payout of ${gone.currency} ${gone.amount} to ${gone.recipient} is no longer waiting for approval.`,
    )
  return changes
}
