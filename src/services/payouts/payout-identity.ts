import * as crypto from 'node:crypto'
import {canonicalAmount} from '../../shared/money.js'

/**
 * Row identity: which payout a row of a CSV file stands for, whatever the file looks like on disk. A row's
 * identity is its customId; a row without one gets a customId derived from its content (description,
 * amount, currency, recipient, tags, ...: the values, not the bytes), from how many identical rows come
 * before it in the file, and from the batch name (`--batch`, empty by default). Line endings, a BOM, blank
 * lines, quoting, column order and spaces around values change none of these, so re-saving a file gives
 * every row the same identity again.
 */

export interface RowIdentity {
  /** The row's own customId, or the derived one. */
  customId: string
  /** True when the file gave no customId. */
  derived: boolean
  /** A digest of what the row says about its payout: equal digests, equal payouts. */
  content: string
}

/** Anything that describes a payout: a v1 or v2 request body, or a payout as the service returns it. */
export interface PayoutLike {
  description?: string
  amount?: string
  payoutAmount?: string
  currency?: string
  counterpartyId?: string
  recipient?: {email?: string; phone?: string}
  email?: string
  phone?: string
  creatorHandle?: string
  tags?: readonly unknown[]
}

/**
 * What is compared between a row and a payout: the values both generations of the API carry, in the form an import
 * sends them (amount with the currency's decimals, e-mail in lower case, tags sorted), so a payout created by an
 * older payctl or by hand compares equal too.
 */
export const payoutFacts = (payout: PayoutLike): string => JSON.stringify(payoutFactList(payout))

/** The facts of payoutFacts, field by field (those of describeDifferences' FIELDS, in its order). */
export function payoutFactList(payout: PayoutLike): string[] {
  const currency = payout.currency?.toUpperCase() ?? ''
  const amount = payout.amount ?? payout.payoutAmount
  return [
    payout.description ?? '',
    amount === undefined ? '' : canonicalAmount(amount, currency),
    currency,
    payout.counterpartyId ?? '',
    (payout.recipient?.email ?? payout.email ?? '').toLowerCase(),
    payout.recipient?.phone ?? payout.phone ?? '',
    payout.creatorHandle ?? '',
    [...(payout.tags ?? [])].map(String).sort().join(';'),
  ]
}

/** SHA-256 in hex: `crypto.hash` (one call, under half the time of a Hash object) where the runtime has it. */
const digest: (text: string) => string =
  typeof crypto.hash === 'function'
    ? text => crypto.hash('sha256', text, 'hex')
    : text => crypto.createHash('sha256').update(text).digest('hex')

/** The content digest of a payout or row body (32 hex digits). */
export const contentOf = (payout: PayoutLike): string => digest(payoutFacts(payout)).slice(0, 32)

/**
 * Gives each row of one file its identity, in file order (identical rows without customId are told apart by
 * their occurrence: the second identical row is a second payout).
 */
export class RowIdentifier {
  private readonly seen = new Map<string, number>()

  constructor(private readonly batch = '') {}

  identify(item: PayoutLike, customId?: string, content = contentOf(item)): RowIdentity {
    if (customId) return {customId, derived: false, content}
    // A short key keeps a file of millions of rows small in memory; a shared prefix only shifts a count.
    const seenKey = content.slice(0, 12)
    const occurrence = (this.seen.get(seenKey) ?? 0) + 1
    this.seen.set(seenKey, occurrence)
    const key = digest(`payctl-row\n${this.batch}\n${content}\n${occurrence}`)
    return {customId: `csv-${key.slice(0, 24)}`, derived: true, content}
  }
}
