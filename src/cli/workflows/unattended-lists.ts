import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2, Transaction} from '../../client/schemas.js'
import type {TransactionFilters} from '../../client/v2/transactions-v2.js'
import type {StreamedItems} from '../../contract/results/index.js'
import {filterPages, type PayoutFilter} from '../../services/payouts/payout-filters.js'
import {payoutFingerprint, statusKey, statusOfKey} from '../../services/since-state/payout-fingerprints.js'
import {contentFingerprint} from '../../services/since-state/since-tracker.js'
import {transactionWindow, windowStart} from '../../services/since-state/transaction-window.js'
import type {ListFormat, Output} from '../output/output.js'
import {payoutChangeColumns, payoutV2Columns} from '../output/payout-view.js'
import {transactionColumns} from '../output/transaction-view.js'
import {runSinceState} from './since-state-run.js'

/** The `--since-state` runs of `transactions list`, `payouts list` and `payouts changes` (docs/scripting.md). */
export interface UnattendedOptions {
  out: Output
  client: PayoutClient
  profile: {name: string; origin: string}
  path: string
  format?: ListFormat
  /** --json as given: the first-run note is then a JSON line. */
  jsonErrors: boolean
}

const identity = (options: UnattendedOptions, command: string, filters: object) => ({
  command,
  profile: options.profile.name,
  origin: options.profile.origin,
  filters: JSON.parse(JSON.stringify(filters)) as Record<string, unknown>,
})

/** New or changed transactions: the window from the high-water mark minus the overlap, content fingerprints. */
/** Returns the transactions it listed. */
export async function transactionsSince(
  options: UnattendedOptions,
  filters: TransactionFilters,
): Promise<Transaction[] | StreamedItems> {
  const result = await runSinceState<Transaction, Transaction>({
    ...options,
    columns: transactionColumns,
    run: identity(options, 'transactions list', filters),
    pages: state => options.client.v2.transactions.pages(transactionWindow(filters, state)),
    fingerprint: contentFingerprint,
    window: {createdAt: t => t.createdAt, keepFrom: windowStart},
    shown: t => t,
  })
  report(options, result, 'transaction')
  return result.listed
}

/** New payouts, and payouts whose status or updatedAt changed: the whole v2 list (status server-side). */
export async function payoutsSince(options: UnattendedOptions, status: string[] | undefined, filter?: PayoutFilter) {
  const result = await runSinceState<PayoutV2, PayoutV2>({
    ...options,
    columns: payoutV2Columns,
    run: identity(options, 'payouts list', {status, ...filter}),
    pages: () => filterPages(options.client.v2.payouts.pages({status}), filter),
    fingerprint: payoutFingerprint,
    shown: p => p,
  })
  report(options, result, 'payout')
  return result.listed
}

/** Payouts whose status changed (or that failed again) since the last run; the first run is a baseline. */
export async function payoutChanges(options: UnattendedOptions, status: string[] | undefined, filter?: PayoutFilter) {
  const result = await runSinceState<PayoutV2, PayoutV2 & {previousStatus: string | null}>({
    ...options,
    columns: payoutChangeColumns,
    run: identity(options, 'payouts changes', {status, ...filter}),
    pages: () => filterPages(options.client.v2.payouts.pages({status}), filter),
    fingerprint: statusKey,
    baseline: true,
    shown: (p, previous) => ({...p, previousStatus: statusOfKey(previous) ?? null}),
  })
  if (result.first)
    firstRun(
      options,
      {baseline: result.tracked},
      `baseline of ${result.tracked} ${plural(result.tracked, 'payout')} recorded in ${options.path}; changes are listed from the next run on.`,
    )
  else if (result.written === 0) options.out.note('No status changes since the last run.')
  return result.listed
}

function report(options: UnattendedOptions, result: {written: number; first: boolean}, what: string): void {
  if (result.first)
    firstRun(
      options,
      {listed: result.written},
      `${result.written} ${plural(result.written, what)} listed; later runs list only what is new or changed.`,
    )
  else if (result.written === 0) options.out.note('Nothing new or changed since the last run.')
}

/** The first run with a state file is said on stderr whatever the format (a JSON line under --json). */
function firstRun(options: UnattendedOptions, counts: Record<string, number>, text: string): void {
  if (options.jsonErrors) options.out.detail({firstRun: true, ...counts, stateFile: options.path})
  else options.out.stderr(`First run: ${text}`)
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`)
