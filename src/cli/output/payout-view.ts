import {type PayoutV1, type PayoutV2, payoutV1Schema, payoutV2Schema} from '../../contract/responses/payout-answers.js'
import {payoutDisplayId, withPayoutId} from '../../operations/payouts/payout-display-id.js'
import {localTime, money, orDash} from './format.js'

export {payoutDisplayId, withPayoutId}

import {type Column, withDocumentKeys} from './columns.js'
import type {Output} from './output.js'

type PayoutRow = {
  id: string
  customId?: string
  status?: string
  amount?: string
  currency?: string
  description?: string
  tags?: readonly unknown[]
  createdAt?: string
}

const csvOnly = <T>(csvHeader: string, raw: (row: T) => string | undefined): Column<T> => ({
  header: csvHeader,
  csvHeader,
  value: row => raw(row) ?? '',
  raw,
  csvOnly: true,
})

/**
 * The columns of both generations. The table shows one recipient column; on a narrow terminal it leaves out
 * Created, then Custom ID, then Recipient, so that each payout stays one line with its description. CSV exports name their columns as
 * `payouts import` reads them (customId, description, amount, currency, the recipient by kind, tags), so an
 * export can be imported again; id, status and createdAt are exported for reading and ignored by the import.
 */
function payoutColumns<T extends PayoutRow>(recipients: {table: Column<T>; csv: Column<T>[]}): Column<T>[] {
  return [
    {header: 'ID', csvHeader: 'id', value: p => payoutDisplayId(p.id), raw: p => payoutDisplayId(p.id)},
    {header: 'Custom ID', csvHeader: 'customId', value: p => orDash(p.customId), raw: p => p.customId, drop: 2},
    {header: 'Status', csvHeader: 'status', value: p => orDash(p.status), raw: p => p.status},
    {
      header: 'Amount',
      csvHeader: 'amount',
      value: p => money(p.amount, p.currency),
      align: 'right',
      raw: p => p.amount,
    },
    csvOnly('currency', p => p.currency),
    {header: 'Description', csvHeader: 'description', value: p => orDash(p.description), raw: p => p.description},
    {...recipients.table, tableOnly: true, drop: 1},
    ...recipients.csv,
    csvOnly('tags', p => p.tags?.map(String).join(';') || undefined),
    {header: 'Created', csvHeader: 'createdAt', value: p => localTime(p.createdAt), raw: p => p.createdAt, drop: 3},
  ]
}

/**
 * Who is paid: the counterparty, the e-mail or phone, or for a recipient type payctl does not know (the enum is
 * open, spec section 9) the type and its first identifying value (`wallet 0x1f…`).
 */
export function recipientOf(p: PayoutV2): string {
  const r = p.recipient
  const known = p.counterpartyId ?? r?.email ?? r?.phone
  if (known || !r) return known ?? '-'
  const identifier = Object.entries(r).find(
    ([key, value]) => key !== 'type' && (typeof value === 'string' || typeof value === 'number') && value !== '',
  )?.[1]
  return [r.type, identifier].filter(part => part !== undefined && part !== '').join(' ') || '-'
}

export const payoutV1Columns = withDocumentKeys(
  payoutColumns<PayoutV1>({
    table: {header: 'Recipient', value: p => orDash(p.creatorHandle), raw: p => p.creatorHandle},
    csv: [csvOnly('creatorHandle', p => p.creatorHandle)],
  }),
  Object.keys(payoutV1Schema.shape),
)

const payoutV2Keys = Object.keys(payoutV2Schema.shape)

export const payoutV2Columns = withDocumentKeys(
  payoutColumns<PayoutV2>({
    table: {header: 'Recipient', value: recipientOf},
    csv: [
      csvOnly('recipientEmail', p => p.recipient?.email),
      csvOnly('recipientPhone', p => p.recipient?.phone),
      csvOnly('counterpartyId', p => p.counterpartyId),
    ],
  }),
  payoutV2Keys,
)

/** `payouts changes`: the v2 columns with the status before the change and the failure code beside them. */
export const payoutChangeColumns = withDocumentKeys<PayoutV2 & {previousStatus: string | null}>(
  [
    ...payoutV2Columns.slice(0, 2),
    {
      header: 'Previous',
      key: 'previousStatus',
      csvHeader: 'previousStatus',
      value: p => orDash(p.previousStatus ?? undefined),
      raw: p => p.previousStatus ?? undefined,
    },
    ...payoutV2Columns.slice(2, 4),
    {
      header: 'Failure',
      key: 'failureCode',
      csvHeader: 'failureCode',
      value: p => orDash(p.failureCode),
      raw: p => p.failureCode,
    },
    ...payoutV2Columns.slice(4),
  ],
  payoutV2Keys,
)

export function showPayoutV1(out: Output, p: PayoutV1): void {
  out.keyValue([
    ['ID', payoutDisplayId(p.id)],
    ['Custom ID', p.customId],
    ['Status', p.status],
    ['Amount', money(p.amount, p.currency)],
    ['Description', p.description],
    ['Recipient', p.creatorHandle],
    ['Verification', p.verificationMethod],
    ['Type', p.payoutType],
    ['Tags', p.tags?.length ? p.tags.join(', ') : undefined],
    ['Created', localTime(p.createdAt)],
    ['Updated', p.updatedAt ? localTime(p.updatedAt) : undefined],
  ])
}

/** A payout `payouts create` made through v1: whether it was created or updated, then the record. */
export function showCreatedV1(out: Output, payout: PayoutV1): void {
  out.line(`${payout.action === 'updated' ? 'Updated' : 'Created'} payout ${payoutDisplayId(payout.id)} (v1)`)
  showPayoutV1(out, payout)
}

/** What `payouts create` did through v2: created, found already present, or replayed by the service. */
export function createdLine(
  sent: {payout: PayoutV2; present: boolean; earlier: boolean; reused: boolean},
  customId: string | undefined,
  andThen: string | undefined,
): string {
  const id = sent.payout.id
  const then = andThen ? ` (then ${andThen})` : ''
  if (sent.present) return `Payout ${id} already present under customId ${customId}: nothing created`
  if (sent.earlier && sent.reused)
    return `Replayed: payout ${id} was created by an earlier run whose answer was lost (same idempotency key, reused for 24 hours; --idempotency-key NEW makes another); nothing new${then}`
  if (sent.earlier) return `Replayed: payout ${id} was created earlier with this --idempotency-key; nothing new${then}`
  return `Created payout ${id}${then}`
}

/** A v2 payout; `destination`: where its money goes (src/contract/destination.ts), when it was read. */
export function showPayoutV2(out: Output, p: PayoutV2, destination?: string): void {
  out.keyValue([
    ['ID', p.id],
    ['Custom ID', p.customId],
    ['Status', p.status],
    ['Amount', money(p.amount, p.currency)],
    ['Description', p.description],
    ['Recipient', recipientOf(p)],
    ['Destination', destination],
    ['Tags', p.tags?.length ? p.tags.join(', ') : undefined],
    ['Failure', p.failureCode ? `${p.failureCode}${p.failureReason ? `: ${p.failureReason}` : ''}` : undefined],
    ['Approved', p.approvedAt ? localTime(p.approvedAt) : undefined],
    ['Claim link sent', p.claimLinkSentAt ? localTime(p.claimLinkSentAt) : undefined],
    ['Requested', p.requestedAt ? localTime(p.requestedAt) : undefined],
    ['Completed', p.completedAt ? localTime(p.completedAt) : undefined],
    ['Expires', p.expiresAt ? localTime(p.expiresAt) : undefined],
    ['Created', localTime(p.createdAt)],
  ])
}
