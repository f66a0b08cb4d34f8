import {contentOf, type PayoutLike, payoutFactList} from './payout-identity.js'

/**
 * What the service holds under a customId, set against what we would send: the same content means the
 * payout is already present; other content is a conflict that names both versions of each field that differs.
 */

const FIELDS = ['description', 'amount', 'currency', 'counterpartyId', 'email', 'phone', 'creatorHandle', 'tags']

/** `amount: ours 13.00, the service's 12.50; description: ours "x", the service's "y"` (empty when equal). */
export function describeDifferences(ours: PayoutLike, theirs: PayoutLike): string {
  const a = payoutFactList(ours)
  const b = payoutFactList(theirs)
  return FIELDS.flatMap((field, i) =>
    a[i] === b[i] ? [] : [`${field}: ours ${JSON.stringify(a[i])}, the service's ${JSON.stringify(b[i])}`],
  ).join('; ')
}

export type Comparison = {status: 'present'; payoutId: string} | {status: 'conflict'; payoutId: string; error: string}

/** A payout found under our customId: present when its content is ours, a conflict (both versions) otherwise. */
export function compareWithPayout(ours: PayoutLike, payout: PayoutLike & {id: string; status?: string}): Comparison {
  if (contentOf(ours) === contentOf(payout)) return {status: 'present', payoutId: payout.id}
  return {
    status: 'conflict',
    payoutId: payout.id,
    error: `the service holds ${payout.id} (${payout.status ?? 'unknown status'}) under this customId with other values: ${describeDifferences(ours, payout)}`,
  }
}

/**
 * The fields a row naming its payout by id states: those its body sets (a column left out or an empty cell keeps
 * the payout's value). A v2 recipient is replaced whole, so any one of its fields states all three.
 */
function statedFields(ours: PayoutLike): Set<string> {
  const whole = ours.recipient !== undefined || ours.counterpartyId !== undefined
  const stated: Record<string, boolean> = {
    description: ours.description !== undefined,
    amount: (ours.amount ?? ours.payoutAmount) !== undefined,
    currency: ours.currency !== undefined,
    counterpartyId: whole,
    email: whole || ours.email !== undefined,
    phone: whole || ours.phone !== undefined,
    creatorHandle: ours.creatorHandle !== undefined,
    tags: ours.tags !== undefined,
  }
  return new Set(FIELDS.filter(field => stated[field]))
}

/** The differences between what an id row states and its payout (empty when the payout already says it). */
export function statedDifferences(
  ours: PayoutLike & {customId?: string},
  payout: PayoutLike & {customId?: string},
): string {
  const stated = statedFields(ours)
  const a = payoutFactList(ours)
  const b = payoutFactList(payout)
  const fields = FIELDS.flatMap((field, i) =>
    stated.has(field) && a[i] !== b[i]
      ? [`${field}: ours ${JSON.stringify(a[i])}, the service's ${JSON.stringify(b[i])}`]
      : [],
  )
  if (ours.customId !== undefined && ours.customId !== (payout.customId ?? ''))
    fields.unshift(
      `customId: ours ${JSON.stringify(ours.customId)}, the service's ${JSON.stringify(payout.customId ?? '')}`,
    )
  return fields.join('; ')
}
