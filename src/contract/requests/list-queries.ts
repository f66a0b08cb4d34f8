import * as z from 'zod/mini'
import {V2_STATES} from '../lifecycle.js'
import {boundedInteger, choice, choices, v2Page} from './query-fields.js'

/**
 * The query strings of the payout lists. They live apart from the bodies: the operations table holds query
 * schemas themselves (the client loads them), and names its body schemas (built only by what checks a body).
 */

/** The page of v1 `GET /payouts` (spec 4.1, 8): offset 0 to 2^53-1, page size 1 to 100. */
export const V1_PAGE = {maxOffset: Number.MAX_SAFE_INTEGER, maxLimit: 100, defaultLimit: 50} as const

/** v1 `GET /payouts` query (its parameter names are the emulator's reading: spec "not shown"). */
export const listPayoutsV1Query = z.object({
  offset: z._default(boundedInteger(0, V1_PAGE.maxOffset), 0),
  limit: z._default(boundedInteger(1, V1_PAGE.maxLimit), V1_PAGE.defaultLimit),
  order_by: z._default(choice(['created_at']), 'created_at'),
  order_direction: z._default(choice(['asc', 'desc']), 'desc'),
})
export type ListPayoutsV1 = z.input<typeof listPayoutsV1Query>

/** v2 `GET /payouts` query: cursor pages, statuses repeatable. */
export const listPayoutsV2Query = z.object({
  ...v2Page,
  status: choices(V2_STATES),
})
export type ListPayoutsV2 = z.input<typeof listPayoutsV2Query>
