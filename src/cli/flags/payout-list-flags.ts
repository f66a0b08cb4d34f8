import * as Flags from '@oclif/core/flags'
import type * as Interfaces from '@oclif/core/interfaces'
import {allFlag, cursorFlag, limitFlag, outputFlag} from '../../cli/flags/common-flags.js'
import {usageError} from '../../shared/errors.js'

/** The flags of `payouts list`: v1 pages by offset, v2 by cursor and status. */
export const payoutListFlags = {
  limit: limitFlag(50),
  all: allFlag,
  status: Flags.string({
    summary: 'Only payouts in this status (repeatable; v2): created, approved, requested, completed, failed, expired.',
    multiple: true,
    multipleNonGreedy: true,
  }),
  offset: Flags.integer({summary: 'Skip this many payouts first (v1).', min: 0}),
  order: Flags.option({options: ['asc', 'desc'] as const, summary: 'Order by creation time (v1; default desc).'})(),
  api: Flags.option({
    options: ['v1', 'v2'] as const,
    summary: 'API generation (default: v2 with --status, v1 otherwise).',
  })(),
  cursor: cursorFlag,
  output: outputFlag,
}

/** The generation `payouts list` reads (v2 with --status or --cursor), refusing flags of the other one. */
export function payoutListApi(f: Interfaces.InferredFlags<typeof payoutListFlags>): 'v1' | 'v2' {
  const api = f.api ?? (f.status?.length || f.cursor ? 'v2' : 'v1')
  if (api === 'v1' && f.status?.length) throw usageError('--status filters the v2 list; drop --api v1')
  if (api === 'v1' && f.cursor)
    throw usageError('--cursor continues the v2 list; drop --api v1 (v1 resumes with --offset)')
  if (api === 'v2' && (f.offset !== undefined || f.order !== undefined))
    throw usageError(`${f.offset !== undefined ? '--offset' : '--order'} only works with the v1 list`)
  for (const status of f.status ?? [])
    if (!/^[a-z_-]+$/.test(status)) throw usageError(`--status "${status}" is not a status like created or approved`)
  return api
}
