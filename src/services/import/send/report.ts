import {once} from 'node:events'
import {type AtomicStream, openAtomicStream} from '../../../shared/atomic-file.js'
import {neutralizedCell} from '../../../shared/csv-formula.js'
import {csvLine} from '../../../shared/csv-line.js'
import type {RowStatus} from './send.js'

/**
 * `--report FILE.csv`: one line per input row, in file order, written as the import goes (chunks that finish
 * out of order wait for the ones before them), to a file beside FILE that replaces it when the import ends
 * (src/shared/atomic-file.ts: never through a symlink).
 */

export type ReportStatus = RowStatus | 'invalid' | 'unchanged'

export type ReportLine = {
  line: number
  customId?: string
  payoutId?: string
  status: ReportStatus
  error?: string
}

export const REPORT_COLUMNS = ['line', 'customId', 'payoutId', 'status', 'error'] as const

export class ReportWriter {
  private readonly file: AtomicStream

  private constructor(file: AtomicStream) {
    this.file = file
  }

  /** `idColumn` names the column of the service's id (`payoutId`, `counterpartyId`). */
  static async open(path: string, idColumn: string = REPORT_COLUMNS[2]): Promise<ReportWriter> {
    const writer = new ReportWriter(await openAtomicStream(path, {what: '--report'}))
    await writer.writeText(`${csvLine(REPORT_COLUMNS.map(column => (column === 'payoutId' ? idColumn : column)))}\n`)
    return writer
  }

  async write(lines: ReportLine[]): Promise<void> {
    if (!lines.length) return
    const guarded = (text: string | undefined) => (text === undefined ? text : neutralizedCell(text))
    const text = lines
      .map(l => `${csvLine([l.line, guarded(l.customId), l.payoutId, l.status, guarded(l.error)])}\n`)
      .join('')
    await this.writeText(text)
  }

  private async writeText(text: string): Promise<void> {
    if (!this.file.stream.write(text)) await once(this.file.stream, 'drain')
  }

  async close(): Promise<void> {
    await this.file.commit()
  }
}
