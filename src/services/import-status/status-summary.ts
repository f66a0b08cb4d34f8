import {CurrencyTotals} from '../../shared/money.js'
import type {StatusRow} from './status-row.js'

/** Per status: how many rows, and their totals per currency (exact, src/shared/money.ts). */
export interface StatusSummary {
  rows: number
  byStatus: Record<string, {rows: number; totals: Record<string, string>}>
}

export class StatusTally {
  private rows = 0
  private readonly byStatus = new Map<string, {rows: number; totals: CurrencyTotals}>()

  add(row: StatusRow): void {
    this.rows++
    let entry = this.byStatus.get(row.status)
    if (!entry) {
      entry = {rows: 0, totals: new CurrencyTotals()}
      this.byStatus.set(row.status, entry)
    }
    entry.rows++
    if (row.amount && row.currency) entry.totals.add(row.currency, row.amount)
  }

  count(status: string): number {
    return this.byStatus.get(status)?.rows ?? 0
  }

  toJSON(): StatusSummary {
    const byStatus: StatusSummary['byStatus'] = {}
    for (const [status, entry] of [...this.byStatus].sort(([a], [b]) => a.localeCompare(b)))
      byStatus[status] = {rows: entry.rows, totals: entry.totals.toObject()}
    return {rows: this.rows, byStatus}
  }
}
