import {isSettled} from '../../contract/lifecycle.js'
import type {PayoutRow} from '../store/row-types.js'

/**
 * The URLs the API representations carry (spec 2.1 `url`, 2.2 invoice URLs, 2.6 `documents[].url`). Each
 * resolves on the emulator (`documents/document-routes.ts`): the claim link mints a fresh claim session and
 * redirects to it; a document is a small HTML invoice. See docs/emulator.md "Links and documents".
 */

export type DocumentKind = 'sender-invoice' | 'self-billing-invoice'

export const claimLinkUrl = (origin: string, uuid: string) => `${origin}/links/claim/${uuid}`

export const documentUrl = (origin: string, kind: DocumentKind, uuid: string) => `${origin}/documents/${kind}/${uuid}`

/** Invoices exist once a payout completed: the service then bills the sender and self-bills for the recipient. */
export const hasInvoices = (row: Pick<PayoutRow, 'status' | 'completed_at'>) =>
  isSettled(row.status) && row.completed_at !== null

/** The self-billing invoice number: stable per payout, `SB-<year>-<first 8 hex digits of the payout UUID>`. */
export const selfBillingNumber = (row: Pick<PayoutRow, 'uuid' | 'completed_at'>) =>
  `SB-${(row.completed_at ?? '').slice(0, 4)}-${row.uuid.slice(0, 8).toUpperCase()}`
