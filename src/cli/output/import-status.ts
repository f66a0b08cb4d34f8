import type {ApiGeneration} from '../../contract/primitives.js'
import type {StatusRow} from '../../services/import-status/status-row.js'
import type {Column} from './columns.js'
import {localTime, money, orDash} from './format.js'

const csv = (header: string, pick: (row: StatusRow) => string | number | undefined): Column<StatusRow> => ({
  header,
  value: row => orDash(pick(row)),
  raw: pick,
  csvOnly: true,
})

const failure = (row: StatusRow) =>
  row.failureCode ? `${row.failureCode}${row.failureReason ? `: ${row.failureReason}` : ''}` : orDash(row.failureReason)

/**
 * `payouts import-status` rows. The table shows what an operator scans; CSV carries every field, with the
 * input columns named as `payouts import` reads them (so the CSV can be imported again; the other columns are
 * ignored there).
 */
export function importStatusColumns(api: ApiGeneration): Column<StatusRow>[] {
  const recipient =
    api === 'v1' ? [csv('Creator Handle', r => r.creatorHandle)] : [csv('Counterparty ID', r => r.counterpartyId)]
  return [
    {header: 'Line', value: r => String(r.line), raw: r => r.line, align: 'right'},
    {header: 'Custom ID', value: r => orDash(r.customId), raw: r => r.customId},
    csv('Description', r => r.description),
    {header: 'Amount', value: r => money(r.amount, r.currency), raw: r => r.amount, align: 'right'},
    csv('Currency', r => r.currency),
    csv('Recipient Email', r => r.recipientEmail),
    csv('Recipient Phone', r => r.recipientPhone),
    ...recipient,
    csv('Tags', r => r.tags),
    {header: 'Payout ID', value: r => orDash(r.payoutId), raw: r => r.payoutId},
    {header: 'Status', value: r => r.status, raw: r => r.status},
    {header: 'Failure', value: failure, raw: r => r.failureCode},
    csv('Failure Reason', r => r.failureReason),
    csv('Created At', r => r.createdAt),
    csv('Approved At', r => r.approvedAt),
    csv('Claim Link Sent At', r => r.claimLinkSentAt),
    csv('Requested At', r => r.requestedAt),
    csv('Completed At', r => r.completedAt),
    {header: 'Updated At', value: r => (r.updatedAt ? localTime(r.updatedAt) : '-'), raw: r => r.updatedAt},
  ]
}
