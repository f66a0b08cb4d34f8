import type {PayoutV2} from '../../client/schemas.js'
import {fieldOf} from '../../shared/json-object.js'
import {awaitsNewClaim} from '../payouts/payout-failures.js'
import type {FileRow, SkippedFileRow} from './file-rows.js'

/**
 * One row of a file joined with its payout. `status` is the payout's, or `not-imported` (no payout has the
 * row's customId: never sent, or deleted), `invalid` (the row does not validate; the import left it out) or
 * `awaiting-claim` (failed, and its e-mail or phone payee has a fresh claim link: it waits on them).
 * The input columns keep the names `payouts import` reads, so the CSV output can be imported again.
 */
export type StatusRow = {
  line: number
  customId?: string
  description?: string
  amount?: string
  currency?: string
  recipientEmail?: string
  recipientPhone?: string
  counterpartyId?: string
  creatorHandle?: string
  tags?: string
  payoutId?: string
  status: string
  failureCode?: string
  failureReason?: string
  createdAt?: string
  approvedAt?: string
  claimLinkSentAt?: string
  requestedAt?: string
  completedAt?: string
  updatedAt?: string
}

export const NOT_IMPORTED = 'not-imported'
export const INVALID = 'invalid'
/** A failed e-mail or phone payout whose payee was sent a fresh claim link: it waits on them, not on you. */
export const AWAITING_CLAIM = 'awaiting-claim'

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/** The row's own values, from the body the import sends for it (either API generation). */
function inputOf(row: FileRow): Omit<StatusRow, 'line' | 'status'> {
  const item = row.item
  const tags = Array.isArray(item.tags) ? item.tags.join(';') : undefined
  return {
    customId: row.customId === row.payoutId ? undefined : row.customId,
    description: text(item.description),
    amount: text(item.amount) ?? text(item.payoutAmount),
    currency: text(item.currency),
    recipientEmail: text(fieldOf(item.recipient, 'email')) ?? text(item.email),
    recipientPhone: text(fieldOf(item.recipient, 'phone')) ?? text(item.phone),
    counterpartyId: text(item.counterpartyId),
    creatorHandle: text(item.creatorHandle),
    tags: text(tags),
  }
}

export function statusRow(row: FileRow, payout: PayoutV2 | undefined): StatusRow {
  const input = inputOf(row)
  if (!payout) return {line: row.line, ...input, status: NOT_IMPORTED}
  return {
    line: row.line,
    ...input,
    amount: payout.amount ?? input.amount,
    currency: payout.currency ?? input.currency,
    payoutId: payout.id,
    status: awaitsNewClaim(payout) ? AWAITING_CLAIM : (payout.status ?? 'unknown'),
    failureCode: payout.failureCode,
    failureReason: payout.failureReason,
    createdAt: payout.createdAt,
    approvedAt: payout.approvedAt,
    claimLinkSentAt: payout.claimLinkSentAt,
    requestedAt: payout.requestedAt,
    completedAt: payout.completedAt,
    updatedAt: payout.updatedAt,
  }
}

export function skippedRow(row: SkippedFileRow): StatusRow {
  return {line: row.line, customId: row.customId, status: INVALID, failureReason: row.error}
}
