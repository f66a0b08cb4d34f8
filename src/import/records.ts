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
  /** Records in batches (one per parsed chunk), blank records skipped. */
  batches: AsyncGenerator<CsvRecord[]>
}

const READ_CHUNK = 64 * 1024
/** The reader waits for the consumer when this many records are queued. */
const HIGH_WATER = 1024

const SYNTAX_MESSAGES: Record<string, string> = {
  INVALID_OPENING_QUOTE:
    'a quote (") inside a field that does not start with one; quote the whole field and double the quotes inside it ("")',
  CSV_INVALID_CLOSING_QUOTE: 'text right after a closing quote; double the quotes inside a quoted field ("")',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field starts here and is never closed',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the number of fields differs from the header',
}

/** Lines a record spans beyond its first: newlines inside quoted fields (CRLF counts once). */
function embeddedLines(cells: string[]): number {
  let extra = 0
  for (const cell of cells) {
    if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue
    for (let i = 0; i < cell.length; i++) {
      const c = cell.charCodeAt(i)
      if (c === 10 || (c === 13 && cell.charCodeAt(i + 1) !== 10)) extra++
    }
  }
  return extra
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

  async function* batches(): AsyncGenerator<CsvRecord[]> {
    const parser = parse({delimiter, bom: true, relax_column_count: true})
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
      line += 1 + embeddedLines(cells)
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
        write(firstDecoded)
        if (!first.done) {
          for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
            options.onBytes?.(next.value)
            while (queue.length >= HIGH_WATER && !failure) await new Promise<void>(r => (feederWaiting = r))
            if (failure) return
            write(decoder.write(next.value))
            // Let the parser's events run before the next chunk.
            await new Promise<void>(resolve => setImmediate(resolve))
          }
        }
        if (failure) return
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

  return {delimiter, encoding, batches: batches()}
}
