import type {PayoutV1, PayoutV2} from '../client/schemas.js'
import {localTime, money, orDash} from './format.js'
import {payoutDisplayId} from './ids.js'

export {payoutDisplayId}

import type {Column, Output} from './output.js'

type PayoutRow = {
  id: string
  customId?: string
  status?: string
  amount?: string
  currency?: string
  createdAt?: string
}

/** The columns of both generations, with the recipient column in between; Currency is for CSV exports only. */
function payoutColumns<T extends PayoutRow>(recipient: Column<T>): Column<T>[] {
  return [
    {header: 'ID', value: p => payoutDisplayId(p.id), raw: p => payoutDisplayId(p.id)},
    {header: 'Custom ID', value: p => orDash(p.customId), raw: p => p.customId},
    {header: 'Status', value: p => orDash(p.status), raw: p => p.status},
    {header: 'Amount', value: p => money(p.amount, p.currency), align: 'right', raw: p => p.amount},
    {header: 'Currency', value: p => orDash(p.currency), raw: p => p.currency, csvOnly: true},
    recipient,
    {header: 'Created', key: 'createdAt', value: p => localTime(p.createdAt), raw: p => p.createdAt},
  ]
}

export const recipientOf = (p: PayoutV2): string => p.counterpartyId ?? p.recipient?.email ?? p.recipient?.phone ?? '-'

export const payoutV1Columns = payoutColumns<PayoutV1>({
  header: 'Recipient',
  key: 'creatorHandle',
  value: p => orDash(p.creatorHandle),
  raw: p => p.creatorHandle,
})

export const payoutV2Columns = payoutColumns<PayoutV2>({header: 'Recipient', value: recipientOf})

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

export function showPayoutV2(out: Output, p: PayoutV2): void {
  out.keyValue([
    ['ID', p.id],
    ['Custom ID', p.customId],
    ['Status', p.status],
    ['Amount', money(p.amount, p.currency)],
    ['Description', p.description],
    ['Recipient', recipientOf(p)],
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
