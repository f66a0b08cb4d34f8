import * as Flags from '@oclif/core/flags'
import type * as Interfaces from '@oclif/core/interfaces'
import {
  allFlag,
  amountFlag,
  createdBeforeFlag,
  createdFromFlag,
  currencyFlag,
  cursorFlag,
  generationFlag,
  limitFlag,
  outputFlag,
  sinceStateFlag,
} from '../../cli/flags/common-flags.js'
import {V2_STATES} from '../../contract/lifecycle.js'
import {usageError} from '../../shared/errors.js'

/** The v2 statuses, checked before anything is sent (exit 2 naming them). */
export const payoutStatusFlag = Flags.option({
  options: V2_STATES,
  summary: 'Only payouts in this status (repeatable; v2).',
  multiple: true,
  multipleNonGreedy: true,
})()

const CLIENT_SIDE = 'FILTERS (CLIENT-SIDE)'

/**
 * Filters the payout APIs do not have: payctl reads the pages and keeps the payouts that pass, so --limit
 * counts payouts read, not matches (use --all to search every page).
 */
export const payoutFilterFlags = {
  currency: currencyFlag({
    summary: 'Only payouts in this currency (repeatable; client-side).',
    multiple: true,
    multipleNonGreedy: true,
    helpGroup: CLIENT_SIDE,
  }),
  'min-amount': amountFlag({
    summary: 'Only payouts of at least this amount (decimal; client-side).',
    helpGroup: CLIENT_SIDE,
  }),
  'max-amount': amountFlag({
    summary: 'Only payouts of at most this amount (decimal; client-side).',
    helpGroup: CLIENT_SIDE,
  }),
  from: createdFromFlag('Only payouts created at or after this date-time (inclusive; client-side).', CLIENT_SIDE),
  before: createdBeforeFlag('Only payouts created before this date-time (exclusive; client-side).', CLIENT_SIDE),
}

/** The flags of `payouts list`: v1 pages by offset, v2 by cursor and status; --since-state reads v2. */
export const payoutListFlags = {
  limit: limitFlag(50),
  all: allFlag,
  status: payoutStatusFlag,
  ...payoutFilterFlags,
  'since-state': {...sinceStateFlag, exclusive: ['cursor', 'offset', 'order', 'all', 'limit']},
  offset: Flags.integer({summary: 'Skip this many payouts first (v1).', min: 0}),
  order: Flags.option({options: ['asc', 'desc'] as const, summary: 'Order by creation time (v1; default desc).'})(),
  api: generationFlag('API generation (default: v2 with --status, v1 otherwise).'),
  cursor: cursorFlag,
  output: outputFlag,
}

/** The generation `payouts list` reads (v2 with --status or --cursor), refusing flags of the other one. */
export function payoutListApi(f: Interfaces.InferredFlags<typeof payoutListFlags>): 'v1' | 'v2' {
  const api = f.api ?? (f.status?.length || f.cursor || f['since-state'] ? 'v2' : 'v1')
  if (api === 'v1' && f['since-state']) throw usageError('--since-state reads the v2 list; drop --api v1')
  if (api === 'v1' && f.status?.length) throw usageError('--status filters the v2 list; drop --api v1')
  if (api === 'v1' && f.cursor)
    throw usageError('--cursor continues the v2 list; drop --api v1 (v1 resumes with --offset)')
  if (api === 'v2' && (f.offset !== undefined || f.order !== undefined))
    throw usageError(`${f.offset !== undefined ? '--offset' : '--order'} only works with the v1 list`)
  return api
}

/** The --status values, or undefined when none was given. */
export const statusesOf = (statuses: string[] | undefined): string[] | undefined =>
  statuses?.length ? statuses : undefined
