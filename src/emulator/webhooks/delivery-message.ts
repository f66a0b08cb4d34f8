import type {PayoutRow} from '../store/row-types.js'

/**
 * The `message` of a v1 delivery, which the real service's n8n trigger reads: one line a person can read in a
 * notification, naming the payout (its customId, else its id), the amount, the recipient when known and the
 * status it reached, e.g. `Payout inv-0042 of 125.00 EUR to ada@example.org is completed.`
 */
export function deliveryMessage(payout: Record<string, unknown>, row: Pick<PayoutRow, 'amount' | 'currency'>): string {
  const name = typeof payout.customId === 'string' ? payout.customId : String(payout.id)
  const recipient = typeof payout.creatorHandle === 'string' ? ` to ${payout.creatorHandle}` : ''
  return `Payout ${name} of ${row.amount} ${row.currency}${recipient} is ${String(payout.status)}.`
}
