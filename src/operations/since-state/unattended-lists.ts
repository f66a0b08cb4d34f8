import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2, Transaction} from '../../client/schemas.js'
import type {TransactionFilters} from '../../client/v2/transactions-v2.js'
import {filterPages, type PayoutFilter} from '../../services/payouts/payout-filters.js'
import {payoutFingerprint, statusKey, statusOfKey} from '../../services/since-state/payout-fingerprints.js'
import {contentFingerprint} from '../../services/since-state/since-tracker.js'
import {transactionWindow, windowStart} from '../../services/since-state/transaction-window.js'
import type {ItemSource} from '../item-source.js'
import type {Reporter} from '../reporter.js'
import {type SinceRunOptions, sinceStateItems} from './since-state-items.js'

/** The `--since-state` runs of `transactions list`, `payouts list` and `payouts changes` (docs/scripting.md). */
export interface UnattendedOptions {
  report: Reporter
  client: PayoutClient
  profile: {name: string; origin: string}
  path: string
}

const identity = (options: UnattendedOptions, command: string, filters: object) => ({
  command,
  profile: options.profile.name,
  origin: options.profile.origin,
  filters: JSON.parse(JSON.stringify(filters)) as Record<string, unknown>,
})

/** New or changed transactions: the window from the high-water mark minus the overlap, content fingerprints. */
export function transactionsSince(options: UnattendedOptions, filters: TransactionFilters): ItemSource<Transaction> {
  return sinceStateItems<Transaction, Transaction>({
    ...options,
    run: identity(options, 'transactions list', filters),
    pages: state => options.client.v2.transactions.pages(transactionWindow(filters, state)),
    fingerprint: contentFingerprint,
    window: {createdAt: t => t.createdAt, keepFrom: windowStart},
    shown: t => t,
    saved: run => report(options, run, 'transaction'),
  })
}

/** Which v2 payouts a since-state run lists: the statuses (asked of the service) and the rest of the filter (here). */
type PayoutSelection = [status: string[] | undefined, filter?: PayoutFilter]

/** A since-state run over the v2 payouts: what it is keyed by, its pages, and how it keys, shows and saves them. */
function payoutRun<S>(
  options: UnattendedOptions,
  command: string,
  [status, filter]: PayoutSelection,
  how: Pick<SinceRunOptions<PayoutV2, S>, 'fingerprint' | 'baseline' | 'shown' | 'saved'>,
): ItemSource<S> {
  return sinceStateItems<PayoutV2, S>({
    ...options,
    run: identity(options, command, {status, ...filter}),
    pages: () => filterPages(options.client.v2.payouts.pages({status}), filter),
    ...how,
  })
}

/** New payouts, and payouts whose status or updatedAt changed: the whole v2 list (status server-side). */
export const payoutsSince = (options: UnattendedOptions, ...selection: PayoutSelection): ItemSource<PayoutV2> =>
  payoutRun(options, 'payouts list', selection, {
    fingerprint: payoutFingerprint,
    shown: p => p,
    saved: run => report(options, run, 'payout'),
  })

/** Payouts whose status changed (or that failed again) since the last run; the first run is a baseline. */
export const payoutChanges = (options: UnattendedOptions, ...selection: PayoutSelection): ItemSource<PayoutChange> =>
  payoutRun(options, 'payouts changes', selection, {
    fingerprint: statusKey,
    baseline: true,
    shown: (p, previous) => ({...p, previousStatus: statusOfKey(previous) ?? null}),
    saved: run => {
      if (run.first)
        firstRun(
          options,
          {baseline: run.tracked},
          `baseline of ${run.tracked} ${plural(run.tracked, 'payout')} recorded in ${options.path}; changes are listed from the next run on.`,
        )
      else if (run.written === 0) options.report.note('No status changes since the last run.')
    },
  })

/** A payout whose status changed, with the status the last run saw. */
export type PayoutChange = PayoutV2 & {previousStatus: string | null}

function report(options: UnattendedOptions, result: {written: number; first: boolean}, what: string): void {
  if (result.first)
    firstRun(
      options,
      {listed: result.written},
      `${result.written} ${plural(result.written, what)} listed; later runs list only what is new or changed.`,
    )
  else if (result.written === 0) options.report.note('Nothing new or changed since the last run.')
}

/** The first run with a state file is said on stderr whatever the format (a JSON line under --json). */
function firstRun(options: UnattendedOptions, counts: Record<string, number>, text: string): void {
  if (options.report.jsonDetails) options.report.detail({firstRun: true, ...counts, stateFile: options.path})
  else options.report.stderr(`First run: ${text}`)
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`)
