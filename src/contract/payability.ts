import {isDeclined, isOpen} from './lifecycle.js'

/**
 * Whether a payout can be paid as it stands (issue 49): the one rule the approval page flags by, and the warning a
 * create answers with. A payout paid on claim gets its method from the recipient, who picks among the methods its
 * currency offers, so only a payout paid directly to a counterparty can be stuck: its counterparty is gone, still
 * lacks what a direct payment needs (spec 2.3 `missing`), or holds a payment method whose type does not pay in the
 * payout's currency (the currencies `GET /payment-method-types` gives per type; spec 4.4b: read them, never
 * hardcode them).
 */

export interface PayabilityInput {
  /** The payout's status and currency; only a payout still to be paid (open, or failed and paid again) is judged. */
  payout: {status?: string; currency?: string}
  /** The counterparty of a counterparty payout (undefined for a payout paid on claim). */
  counterparty?: {
    deleted?: boolean
    missing?: readonly string[]
    paymentMethod?: Readonly<Record<string, unknown>> | null
  }
  /** The payment-method types and their currencies, when the reader has them. */
  methodTypes?: ReadonlyArray<{type: string; currencies?: readonly string[]}>
}

export type Blocker =
  | {kind: 'deleted'}
  | {kind: 'missing'; field: string}
  | {kind: 'currency'; method: string; currency: string; supported: readonly string[]}

/** What keeps the payout from being paid as it stands; empty when nothing does (or nothing can be told). */
export function payoutBlockers({payout, counterparty, methodTypes}: PayabilityInput): Blocker[] {
  if (!counterparty || !(isOpen(payout.status) || isDeclined(payout.status))) return []
  if (counterparty.deleted) return [{kind: 'deleted'}]
  const blockers: Blocker[] = (counterparty.missing ?? []).map(field => ({kind: 'missing' as const, field}))
  const method = counterparty.paymentMethod?.type
  const supported = methodTypes?.find(known => known.type === method)?.currencies
  if (typeof method === 'string' && payout.currency && supported && !supported.includes(payout.currency))
    blockers.push({kind: 'currency', method, currency: payout.currency, supported})
  return blockers
}

/** A blocker in words, for a person: what is wrong and what fixes it; `name` names a payment-method type. */
export function blockerSentence(blocker: Blocker, name: (type: string) => string = type => type): string {
  if (blocker.kind === 'deleted') return 'its counterparty was deleted: give the payout another recipient'
  if (blocker.kind === 'missing') return `the counterparty still needs its ${blocker.field} before it can be paid`
  return `${name(blocker.method)} does not pay in ${blocker.currency} (it pays in ${blocker.supported.join(', ')}): give the counterparty another payment method`
}
