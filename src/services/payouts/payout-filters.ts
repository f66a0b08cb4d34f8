import Big from 'big.js'
import {usageError} from '../../shared/errors.js'

/** The client-side filters of `payouts list` and `payouts changes`: the payout APIs have none of these. */
export interface PayoutFilterFlags {
  currency?: string[]
  'min-amount'?: string
  'max-amount'?: string
  from?: string
  before?: string
}

export interface PayoutFilter {
  currency?: string[]
  minAmount?: string
  maxAmount?: string
  createdFrom?: string
  createdBefore?: string
}

interface Filtered {
  amount?: string
  currency?: string
  createdAt?: string
}

/** The filter the flags ask for (undefined: none); contradictory bounds are usage errors naming the flags. */
export function payoutFilter(flags: PayoutFilterFlags): PayoutFilter | undefined {
  const filter: PayoutFilter = {
    currency: flags.currency?.length ? [...new Set(flags.currency)] : undefined,
    minAmount: flags['min-amount'],
    maxAmount: flags['max-amount'],
    createdFrom: flags.from,
    createdBefore: flags.before,
  }
  if (filter.minAmount && filter.maxAmount && new Big(filter.minAmount).gt(filter.maxAmount))
    throw usageError(`--min-amount (${filter.minAmount}) must not be above --max-amount (${filter.maxAmount})`)
  if (filter.createdFrom && filter.createdBefore && Date.parse(filter.createdFrom) >= Date.parse(filter.createdBefore))
    throw usageError(`--from (${filter.createdFrom}) must be before --before (${filter.createdBefore})`)
  const given = Object.entries(filter).filter(([, value]) => value !== undefined)
  return given.length ? (Object.fromEntries(given) as PayoutFilter) : undefined
}

/** Whether a payout passes: amounts compared as decimals (big.js), bounds inclusive; created in [from, before). */
export function matchesPayout(filter: PayoutFilter, payout: Filtered): boolean {
  if (filter.currency && !filter.currency.includes(payout.currency ?? '')) return false
  const amount = decimalOrUndefined(payout.amount)
  if (filter.minAmount && (!amount || amount.lt(filter.minAmount))) return false
  if (filter.maxAmount && (!amount || amount.gt(filter.maxAmount))) return false
  const created = payout.createdAt ? Date.parse(payout.createdAt) : Number.NaN
  if (filter.createdFrom && !(created >= Date.parse(filter.createdFrom))) return false
  if (filter.createdBefore && !(created < Date.parse(filter.createdBefore))) return false
  return true
}

function decimalOrUndefined(value: string | undefined): Big | undefined {
  try {
    return value === undefined ? undefined : new Big(value)
  } catch {
    return undefined
  }
}

/**
 * The pages with only the payouts that pass (a page may come out empty; paging positions stay the API's).
 * `counter.read` counts the payouts read, for an offset to resume from.
 */
export async function* filterPages<T extends Filtered>(
  pages: AsyncIterable<T[]>,
  filter: PayoutFilter | undefined,
  counter: {read: number} = {read: 0},
): AsyncGenerator<T[]> {
  for await (const page of pages) {
    counter.read += page.length
    yield filter ? page.filter(payout => matchesPayout(filter, payout)) : page
  }
}
