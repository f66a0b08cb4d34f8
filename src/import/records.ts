import {isUtf8} from 'node:buffer'
import {createReadStream} from 'node:fs'
import {parse} from 'csv-parse'
import {chunkDecoder, effectiveEncoding} from './decode.js'
import {type Delimiter, sniffDelimiter} from './sniff.js'

/**
 * The streaming reader: file bytes -> decoder -> csv-parse -> records with the line each one starts on.
 * Memory stays flat in file size: the parser is fed one chunk at a time, and only when the consumer has
 * taken the records of the previous chunks.
 */

export interface CsvRecord {
  cells: string[]
  /** The physical line the record starts on (1 = the header), as an editor shows it. */
  line: number
}

/** A CSV syntax error (a stray or unclosed quote): the file cannot be read past it. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
    this.name = 'CsvSyntaxError'
  }
}

export interface ReadOptions {
  path: string
  /** The requested encoding (`--encoding`); a UTF-16 BOM overrides it. */
  encoding: string
  /** `--delimiter`; sniffed from the first lines when absent. */
  delimiter?: Delimiter
  /** Sees every raw chunk (for hashing the file while it is read). */
  onBytes?: (chunk: Buffer) => void
}

export interface RecordReader {
  delimiter: Delimiter
  encoding: string
  /**
   * UTF-8 files: set (before their records come out) once bytes that are not UTF-8 were read, so that rows
   * need checking for U+FFFD only then (a windows-1252 file read as UTF-8).
   */
  readonly invalidUtf8: boolean
  /** Records in batches (one per parsed chunk), blank records skipped. */
  batches: AsyncGenerator<CsvRecord[]>
}

const READ_CHUNK = 64 * 1024
/** The longest record (header or row) read, in bytes: a payout row is far shorter; a longer one is a broken file. */
export const MAX_RECORD_BYTES = 64 * 1024
/** The reader waits for the consumer when this many records are queued. */
const HIGH_WATER = 1024

const SYNTAX_MESSAGES: Record<string, string> = {
  INVALID_OPENING_QUOTE:
    'a quote (") inside a field that does not start with one; quote the whole field and double the quotes inside it ("")',
  CSV_INVALID_CLOSING_QUOTE: 'text right after a closing quote; double the quotes inside a quoted field ("")',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field starts here and is never closed',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the number of fields differs from the header',
  CSV_MAX_RECORD_SIZE: `a record longer than ${MAX_RECORD_BYTES.toLocaleString('en-US')} bytes starts here (an unclosed quote, or not a CSV file?)`,
}

/** Lines a record spans beyond its first: line breaks inside quoted fields (LF, or CR in a CR-only file). */
function embeddedLines(cells: string[], lineBreak: string): number {
  let extra = 0
  for (const cell of cells) {
    for (let at = cell.indexOf(lineBreak); at !== -1; at = cell.indexOf(lineBreak, at + 1)) extra++
  }
  return extra
}

/**
 * Checks UTF-8 chunk by chunk (natively, much cheaper than looking for U+FFFD in every cell); a character cut
 * at the end of a chunk is checked with the next one.
 */
function utf8Checker(): {check(chunk: Buffer): boolean; complete(): boolean} {
  let carry: Buffer | undefined
  return {
    check(chunk) {
      const data = carry ? Buffer.concat([carry, chunk]) : chunk
      let end = data.length
      let start = data.length - 1
      while (start > 0 && data.length - start < 4 && (data[start] & 0xc0) === 0x80) start--
      const lead = data[start]
      const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
      if (start >= 0 && data.length - start < size) end = start
      carry = end < data.length ? Buffer.from(data.subarray(end)) : undefined
      return isUtf8(data.subarray(0, end))
    },
    complete: () => !carry,
  }
}

const isBlank = (cells: string[]) => cells.every(cell => cell.trim() === '')

/** Opens the file, sniffs the delimiter from its first chunk, and streams its records. */
export async function readRecords(options: ReadOptions): Promise<RecordReader> {
  const stream = createReadStream(options.path, {highWaterMark: READ_CHUNK})
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let first: IteratorResult<Buffer>
  try {
    first = await chunks.next()
  } catch (error) {
    stream.destroy()
    throw error
  }
  const firstBytes: Buffer = first.done ? Buffer.alloc(0) : first.value
  const encoding = effectiveEncoding(firstBytes, options.encoding)
  const decoder = await chunkDecoder(encoding)
  if (firstBytes.length) options.onBytes?.(firstBytes)
  const firstDecoded = decoder.write(firstBytes)
  const sample = typeof firstDecoded === 'string' ? firstDecoded : firstDecoded.toString('utf8')
  const delimiter = options.delimiter ?? sniffDelimiter(sample)
  // Editors count LF (and CRLF) as a line break; a file of CR-only line ends counts CR.
  const lineBreak = sample.includes('\n') || !sample.includes('\r') ? '\n' : '\r'
  const utf8 = encoding === 'utf8' ? utf8Checker() : undefined
  let invalidUtf8 = false
  const checkBytes = (chunk: Buffer) => {
    if (utf8 && !invalidUtf8 && !utf8.check(chunk)) invalidUtf8 = true
  }

  async function* batches(): AsyncGenerator<CsvRecord[]> {
    const parser = parse({delimiter, bom: true, relax_column_count: true, max_record_size: MAX_RECORD_BYTES})
    let queue: CsvRecord[] = []
    let line = 1
    let failure: Error | undefined
    let ended = false
    let wake: (() => void) | undefined
    const notify = () => {
      const resolve = wake
      wake = undefined
      resolve?.()
    }
    const sleep = () => new Promise<void>(resolve => (wake = resolve))
    // Flowing mode and never paused: every record parsed before an error is delivered before the error.
    parser.on('data', (cells: string[]) => {
      const start = line
      line += 1 + embeddedLines(cells, lineBreak)
      if (!isBlank(cells)) queue.push({cells, line: start})
      if (queue.length >= HIGH_WATER) notify()
    })
    parser.on('error', error => {
      const code = (error as {code?: string}).code ?? ''
      failure = new CsvSyntaxError(line, SYNTAX_MESSAGES[code] ?? error.message)
      notify()
    })
    parser.on('end', () => {
      ended = true
      notify()
    })

    let feederWaiting: (() => void) | undefined
    const feeder = (async () => {
      try {
        const write = (data: Buffer | string | undefined) => {
          if (data?.length) parser.write(data)
        }
        checkBytes(firstBytes)
        write(firstDecoded)
        if (!first.done) {
          for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
            options.onBytes?.(next.value)
            while (queue.length >= HIGH_WATER && !failure) await new Promise<void>(r => (feederWaiting = r))
            if (failure) return
            checkBytes(next.value)
            write(decoder.write(next.value))
            // Let the parser's events run before the next chunk.
            await new Promise<void>(resolve => setImmediate(resolve))
          }
        }
        if (failure) return
        if (utf8 && !utf8.complete()) invalidUtf8 = true
        write(decoder.end())
        parser.end()
      } catch (error) {
        failure = error as Error
        notify()
      }
    })()

    try {
      for (;;) {
        if (queue.length) {
          const batch = queue
          queue = []
          const resume = feederWaiting
          feederWaiting = undefined
          resume?.()
          yield batch
          continue
        }
        if (failure) throw failure
        if (ended) break
        await sleep()
        const resume = feederWaiting
        feederWaiting = undefined
        resume?.()
      }
      await feeder
    } finally {
      stream.destroy()
      if (!ended && !failure) parser.destroy()
    }
  }

  return {
    delimiter,
    encoding,
    batches: batches(),
    get invalidUtf8() {
      return invalidUtf8
    },
  }
}
