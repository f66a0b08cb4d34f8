import {isUtf8} from 'node:buffer'
import {createReadStream} from 'node:fs'
import {parse} from 'csv-parse'
import {type ChunkDecoder, chunkDecoder, effectiveEncoding} from './decode.js'
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

/** The file opened, its first chunk read and decoded: enough to know the encoding, delimiter and line break. */
interface Opening {
  stream: ReturnType<typeof createReadStream>
  chunks: AsyncIterator<Buffer>
  firstBytes: Buffer
  firstDecoded: Buffer | string
  more: boolean
  encoding: string
  decoder: ChunkDecoder
  sample: string
}

async function open(options: ReadOptions): Promise<Opening> {
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
  return {stream, chunks, firstBytes, firstDecoded, more: !first.done, encoding, decoder, sample}
}

/**
 * csv-parse between the file's chunks and the consumer: a feeder writes chunks while fewer than HIGH_WATER
 * records wait; the consumer takes the waiting records as one batch. The parser runs in flowing mode and is
 * never paused, so every record parsed before an error is delivered before the error.
 */
class BatchingCsvParser {
  private readonly parser: ReturnType<typeof parse>
  private queue: CsvRecord[] = []
  private line = 1
  private emptyLines = 0
  private failure?: Error
  private ended = false
  private wake?: () => void
  private feederWaiting?: () => void

  constructor(delimiter: Delimiter, lineBreak: string) {
    // Empty lines are skipped by the parser itself: passed on, each would cost it a CsvError (a stack trace)
    // for its field count; they are still counted, from the parser's tally, for the next record's line.
    this.parser = parse({
      delimiter,
      bom: true,
      // Any line end, mixed in one file (LF rows appended to a CRLF file): csv-parse would otherwise take the
      // first one it meets as the only one.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_BYTES,
    })
    this.parser.on('data', (cells: string[]) => {
      const start = this.nextLine()
      this.emptyLines = this.parser.info.empty_lines
      this.line = start + 1 + embeddedLines(cells, lineBreak)
      if (!isBlank(cells)) this.queue.push({cells, line: start})
      if (this.queue.length >= HIGH_WATER) this.notify()
    })
    this.parser.on('error', error => {
      const code = (error as {code?: string}).code ?? ''
      this.failure = new CsvSyntaxError(this.nextLine(), SYNTAX_MESSAGES[code] ?? error.message)
      this.notify()
    })
    this.parser.on('end', () => {
      this.ended = true
      this.notify()
    })
  }

  /** The line the next record starts on: after the last record and the empty lines skipped since. */
  private nextLine(): number {
    return this.line + this.parser.info.empty_lines - this.emptyLines
  }

  private notify(): void {
    const resolve = this.wake
    this.wake = undefined
    resolve?.()
  }

  private resumeFeeder(): void {
    const resume = this.feederWaiting
    this.feederWaiting = undefined
    resume?.()
  }

  /** Writes the file's chunks (`next` gives them decoded), waiting while the consumer is behind. */
  async feed(first: Buffer | string, next: () => Promise<Buffer | string | undefined>, last: () => string | undefined) {
    try {
      const write = (data: Buffer | string | undefined) => {
        if (data?.length) this.parser.write(data)
      }
      write(first)
      for (let data = await next(); data !== undefined; data = await next()) {
        while (this.queue.length >= HIGH_WATER && !this.failure) await new Promise<void>(r => (this.feederWaiting = r))
        if (this.failure) return
        write(data)
        // Let the parser's events run before the next chunk.
        await new Promise<void>(resolve => setImmediate(resolve))
      }
      if (this.failure) return
      write(last())
      this.parser.end()
    } catch (error) {
      this.failure = error as Error
      this.notify()
    }
  }

  async *batches(feeding: Promise<void>, close: () => void): AsyncGenerator<CsvRecord[]> {
    try {
      for (;;) {
        if (this.queue.length) {
          const batch = this.queue
          this.queue = []
          this.resumeFeeder()
          yield batch
          continue
        }
        if (this.failure) throw this.failure
        if (this.ended) break
        await new Promise<void>(resolve => (this.wake = resolve))
        this.resumeFeeder()
      }
      await feeding
    } finally {
      close()
      if (!this.ended && !this.failure) this.parser.destroy()
    }
  }
}

/** Opens the file, sniffs the delimiter from its first chunk, and streams its records. */
export async function readRecords(options: ReadOptions): Promise<RecordReader> {
  const file = await open(options)
  const delimiter = options.delimiter ?? sniffDelimiter(file.sample)
  // Editors count LF (and CRLF) as a line break; a file of CR-only line ends counts CR.
  const lineBreak = file.sample.includes('\n') || !file.sample.includes('\r') ? '\n' : '\r'
  const utf8 = file.encoding === 'utf8' ? utf8Checker() : undefined
  let invalidUtf8 = false
  const checkBytes = (chunk: Buffer) => {
    if (utf8 && !invalidUtf8 && !utf8.check(chunk)) invalidUtf8 = true
  }
  const next = async () => {
    if (!file.more) return undefined
    const chunk = await file.chunks.next()
    if (chunk.done) return undefined
    options.onBytes?.(chunk.value)
    checkBytes(chunk.value)
    return file.decoder.write(chunk.value)
  }
  const last = () => {
    if (utf8 && !utf8.complete()) invalidUtf8 = true
    return file.decoder.end()
  }
  async function* batches(): AsyncGenerator<CsvRecord[]> {
    const pump = new BatchingCsvParser(delimiter, lineBreak)
    checkBytes(file.firstBytes)
    yield* pump.batches(pump.feed(file.firstDecoded, next, last), () => file.stream.destroy())
  }
  return {
    delimiter,
    encoding: file.encoding,
    batches: batches(),
    get invalidUtf8() {
      return invalidUtf8
    },
  }
}
