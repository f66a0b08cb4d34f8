import {once} from 'node:events'
import {createWriteStream, type WriteStream} from 'node:fs'
import {csvLine} from '../../../shared/csv-line.js'
import type {RowStatus} from './send.js'

/**
 * `--report FILE.csv`: one line per input row, in file order, written as the import goes (chunks that finish
 * out of order wait for the ones before them).
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
  private readonly stream: WriteStream

  private constructor(stream: WriteStream) {
    this.stream = stream
  }

  /** `idColumn` names the column of the service's id (`payoutId`, `counterpartyId`). */
  static async open(path: string, idColumn: string = REPORT_COLUMNS[2]): Promise<ReportWriter> {
    const stream = createWriteStream(path, {encoding: 'utf8', mode: 0o600})
    await once(stream, 'open')
    const writer = new ReportWriter(stream)
    await writer.writeText(`${csvLine(REPORT_COLUMNS.map(column => (column === 'payoutId' ? idColumn : column)))}\n`)
    return writer
  }

  async write(lines: ReportLine[]): Promise<void> {
    if (!lines.length) return
    const text = lines.map(l => `${csvLine([l.line, l.customId, l.payoutId, l.status, l.error])}\n`).join('')
    await this.writeText(text)
  }

  private async writeText(text: string): Promise<void> {
    if (!this.stream.write(text)) await once(this.stream, 'drain')
  }

  async close(): Promise<void> {
    this.stream.end()
    await once(this.stream, 'finish')
  }
}
