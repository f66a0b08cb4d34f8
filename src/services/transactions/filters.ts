import type {TransactionFilters} from '../../client/v2/transactions-v2.js'
import {usageError} from '../../shared/errors.js'
import {payoutKeyFromCustomId, payoutKeyFromId} from '../payouts/ids-input.js'

export interface TransactionFlagValues {
  type?: string[]
  status?: string[]
  currency?: string[]
  payout?: string
  'payout-custom-id'?: string
  from?: string
  before?: string
}

const WORD = /^[a-z][a-z0-9_.-]*$/

/**
 * The query of GET /transactions (spec 4.5b) from the flags: repeatable type/status/currency, one payout
 * (id or customId), and a [from, before) window. Dates arrive already parsed to UTC ISO strings.
 */
export function transactionFilters(flags: TransactionFlagValues): TransactionFilters {
  for (const [flag, values] of [
    ['--type', flags.type],
    ['--status', flags.status],
  ] as const)
    for (const value of values ?? [])
      if (!WORD.test(value)) throw usageError(`${flag} "${value}" is not a value like deposit or pending`)
  if (flags.from && flags.before && Date.parse(flags.from) >= Date.parse(flags.before))
    throw usageError(`--from (${flags.from}) must be before --before (${flags.before})`)
  const payout = flags.payout
    ? payoutKeyFromId(flags.payout.trim(), '--payout').v2
    : flags['payout-custom-id'] !== undefined
      ? payoutKeyFromCustomId(flags['payout-custom-id']).v2
      : undefined
  return {
    type: flags.type?.length ? flags.type : undefined,
    status: flags.status?.length ? flags.status : undefined,
    currency: flags.currency?.length ? [...new Set(flags.currency)] : undefined,
    payoutId: payout,
    createdFrom: flags.from,
    createdBefore: flags.before,
  }
}
