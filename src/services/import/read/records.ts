import {isUtf8} from 'node:buffer'
import {createReadStream} from 'node:fs'
import {CsvTokenError, CsvTokenizer} from './csv-tokenizer.js'
import {type ChunkDecoder, chunkDecoder, effectiveEncoding} from './decode.js'
import {type Delimiter, sniffDelimiter} from './sniff.js'

/**
 * The streaming reader: file bytes -> decoder -> tokenizer -> records with the line each one starts on.
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
  firstDecoded: string
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
  return {stream, chunks, firstBytes, firstDecoded, more: !first.done, encoding, decoder, sample: firstDecoded}
}

/**
 * The tokenizer between the file's chunks and the consumer: a feeder writes chunks while fewer than HIGH_WATER
 * records wait; the consumer takes the waiting records as one batch. Every record read before an error is
 * delivered before the error.
 */
class BatchingCsvParser {
  private readonly tokenizer: CsvTokenizer
  private readonly emit: (cells: string[]) => void
  private queue: CsvRecord[] = []
  private line = 1
  private emptyLines = 0
  private failure?: Error
  private ended = false
  private wake?: () => void
  private feederWaiting?: () => void

  constructor(delimiter: Delimiter, lineBreak: string) {
    // Empty lines are skipped by the tokenizer itself, and counted, for the next record's line.
    this.tokenizer = new CsvTokenizer(delimiter, MAX_RECORD_BYTES)
    this.emit = cells => {
      const start = this.nextLine()
      this.emptyLines = this.tokenizer.emptyLines
      this.line = start + 1 + embeddedLines(cells, lineBreak)
      if (!isBlank(cells)) this.queue.push({cells, line: start})
    }
  }

  /** The line the next record starts on: after the last record and the empty lines skipped since. */
  private nextLine(): number {
    return this.line + this.tokenizer.emptyLines - this.emptyLines
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

  private fail(error: unknown): void {
    this.failure =
      error instanceof CsvTokenError
        ? new CsvSyntaxError(this.nextLine(), SYNTAX_MESSAGES[error.code] ?? error.message)
        : (error as Error)
    this.notify()
  }

  /** Writes the file's chunks (`next` gives them decoded), waiting while the consumer is behind. */
  async feed(first: string, next: () => Promise<string | undefined>, last: () => string | undefined) {
    try {
      const write = (data: string | undefined) => {
        if (data?.length) this.tokenizer.write(data, this.emit)
        if (this.queue.length) this.notify()
      }
      write(first)
      for (let data = await next(); data !== undefined; data = await next()) {
        while (this.queue.length >= HIGH_WATER && !this.failure) await new Promise<void>(r => (this.feederWaiting = r))
        if (this.failure) return
        write(data)
      }
      write(last())
      this.tokenizer.end(this.emit)
      this.ended = true
      this.notify()
    } catch (error) {
      this.fail(error)
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
