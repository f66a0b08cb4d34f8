import {V2_STATES} from '../../contract/lifecycle.js'
import type {ApiGeneration} from '../../contract/primitives.js'
import {usageError} from '../../shared/errors.js'
import {
  allInput,
  amountInput,
  createdBeforeInput,
  createdFromInput,
  currencyInput,
  cursorInput,
  generationInput,
  limitInput,
  sinceStateInput,
} from './common-inputs.js'
import {type InputOf, integerInput, optionInput} from './field.js'

/** The v2 statuses, checked before anything is sent (exit 2 naming them). */
export const payoutStatusInput = optionInput(V2_STATES, {
  summary: 'Only payouts in this status (repeatable; v2).',
  multiple: true,
})

const CLIENT_SIDE = 'FILTERS (CLIENT-SIDE)'

/**
 * Filters the payout APIs do not have: payctl reads the pages and keeps the payouts that pass, so --limit
 * counts payouts read, not matches (use --all to search every page).
 */
export const payoutFilterInputs = {
  currency: currencyInput({
    summary: 'Only payouts in this currency (repeatable; client-side).',
    multiple: true,
    helpGroup: CLIENT_SIDE,
  }),
  'min-amount': amountInput({
    summary: 'Only payouts of at least this amount (decimal; client-side).',
    helpGroup: CLIENT_SIDE,
  }),
  'max-amount': amountInput({
    summary: 'Only payouts of at most this amount (decimal; client-side).',
    helpGroup: CLIENT_SIDE,
  }),
  from: createdFromInput('Only payouts created at or after this date-time (inclusive; client-side).', CLIENT_SIDE),
  before: createdBeforeInput('Only payouts created before this date-time (exclusive; client-side).', CLIENT_SIDE),
}

/** The inputs of `payouts list`: v1 pages by offset, v2 by cursor and status; --since-state reads v2. */
export const payoutListInputs = {
  limit: limitInput(50),
  all: allInput,
  status: payoutStatusInput,
  ...payoutFilterInputs,
  'since-state': {...sinceStateInput, exclusive: ['cursor', 'offset', 'order', 'all', 'limit']},
  offset: integerInput({summary: 'Skip this many payouts first (v1).', min: 0}),
  order: optionInput(['asc', 'desc'], {summary: 'Order by creation time (v1; default desc).'}),
  api: generationInput('API generation (default: v2 with --status, v1 otherwise).'),
  cursor: cursorInput,
}

/** The generation `payouts list` reads (v2 with --status or --cursor), refusing inputs of the other one. */
export function payoutListApi(f: InputOf<typeof payoutListInputs>): ApiGeneration {
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
