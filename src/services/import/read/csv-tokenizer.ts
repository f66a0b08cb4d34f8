/**
 * CSV text to records, chunk by chunk, as csv-parse reads it with the import's options (`delimiter`, `bom`, line
 * ends `\r\n`, `\n` or `\r` mixed, `relax_column_count`, `skip_empty_lines`, `max_record_size`), with its error
 * codes; a property test holds the two equal (test/import/csv-tokenizer.property.test.ts). It exists for speed: a
 * row costs a few slices of the chunk instead of csv-parse's byte buffers, and the dry run of a million rows is
 * mostly this loop.
 */

export class CsvTokenError extends Error {
  constructor(
    readonly code:
      | 'INVALID_OPENING_QUOTE'
      | 'CSV_INVALID_CLOSING_QUOTE'
      | 'CSV_QUOTE_NOT_CLOSED'
      | 'CSV_MAX_RECORD_SIZE',
    message: string,
  ) {
    super(message)
  }
}

const QUOTE = 34
const LF = 10
const CR = 13

enum State {
  /** At the start of a field (of a record, or after a delimiter). */
  FieldStart,
  /** Inside a field without quotes. */
  Unquoted,
  /** Inside a quoted field. */
  Quoted,
  /** Right after a quote inside a quoted field: a doubled quote, or the field's end. */
  QuoteSeen,
}

export class CsvTokenizer {
  /** Empty lines skipped so far (csv-parse's `info.empty_lines`). */
  emptyLines = 0
  private readonly delimiter: number
  private state = State.FieldStart
  private record: string[] = []
  /** The current field's text from earlier chunks (and a quoted field's parts before a doubled quote). */
  private carry = ''
  /** Characters of the current record in its finished fields. */
  private recordSize = 0
  /** A CR ended the last record: a LF right after it belongs to that line end. */
  private afterCr = false
  private started = false

  constructor(
    delimiter: string,
    private readonly maxRecordSize: number,
  ) {
    this.delimiter = delimiter.charCodeAt(0)
  }

  /** Where the current field's text starts in the chunk being read (Unquoted, Quoted). */
  private start = 0

  /** Reads `input`, handing each finished record to `emit`; throws a CsvTokenError at a syntax error. */
  write(input: string, emit: (cells: string[]) => void): void {
    let text = input
    if (!this.started && text.length) {
      this.started = true
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    let i = 0
    if (this.afterCr && text.length) {
      this.afterCr = false
      if (text.charCodeAt(0) === LF) i = 1
    }
    this.start = i
    while (i < text.length) i = this.step(text, i, emit)
    // The field the chunk ends in is in `carry` (Unquoted and Quoted keep it there at a chunk's end).
    this.checkSize(this.carry.length)
  }

  /** Reads from `i` in the current state; answers where to go on. */
  private step(text: string, i: number, emit: (cells: string[]) => void): number {
    switch (this.state) {
      case State.FieldStart:
        return this.fieldStart(text, i, emit)
      case State.Unquoted:
        return this.unquoted(text, i, emit)
      case State.Quoted:
        return this.quoted(text, i)
      default:
        return this.quoteSeen(text, i, emit)
    }
  }

  private fieldStart(text: string, i: number, emit: (cells: string[]) => void): number {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      this.state = State.Quoted
      this.start = i + 1
      return i + 1
    }
    if (code === this.delimiter) {
      this.field('')
      return i + 1
    }
    if (code === LF || code === CR) {
      if (this.record.length === 0) this.emptyLines++
      else {
        this.field('')
        this.finish(emit)
      }
      return this.lineEnd(text, i)
    }
    this.state = State.Unquoted
    this.start = i
    return i
  }

  private unquoted(text: string, i: number, emit: (cells: string[]) => void): number {
    const {delimiter} = this
    let j = i
    let code = 0
    for (; j < text.length; j++) {
      code = text.charCodeAt(j)
      if (code === delimiter || code === LF || code === CR || code === QUOTE) break
    }
    if (j === text.length) {
      this.carry += text.slice(this.start, j)
      return j
    }
    if (code === QUOTE)
      throw new CsvTokenError('INVALID_OPENING_QUOTE', 'Invalid Opening Quote: a quote is found inside a field')
    this.field(this.carry + text.slice(this.start, j))
    this.state = State.FieldStart
    if (code === delimiter) return j + 1
    this.finish(emit)
    return this.lineEnd(text, j)
  }

  private quoted(text: string, i: number): number {
    const j = text.indexOf('"', i)
    if (j === -1) {
      this.carry += text.slice(this.start)
      return text.length
    }
    this.carry += text.slice(this.start, j)
    this.state = State.QuoteSeen
    return j + 1
  }

  private quoteSeen(text: string, i: number, emit: (cells: string[]) => void): number {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      // A doubled quote: one quote of the field's text.
      this.carry += '"'
      this.state = State.Quoted
      this.start = i + 1
      return i + 1
    }
    if (code !== this.delimiter && code !== LF && code !== CR)
      throw new CsvTokenError(
        'CSV_INVALID_CLOSING_QUOTE',
        'Invalid Closing Quote: got a character instead of a delimiter or a line end after a closing quote',
      )
    this.field(this.carry)
    this.state = State.FieldStart
    if (code === this.delimiter) return i + 1
    this.finish(emit)
    return this.lineEnd(text, i)
  }

  /** The end of the text: the last record, or the error of a quote never closed. */
  end(emit: (cells: string[]) => void): void {
    if (this.state === State.Quoted)
      throw new CsvTokenError('CSV_QUOTE_NOT_CLOSED', 'Quote Not Closed: the parsing is finished with an opening quote')
    if (this.state === State.Unquoted || this.state === State.QuoteSeen) {
      this.field(this.carry)
      this.finish(emit)
    } else if (this.record.length) {
      this.field('')
      this.finish(emit)
    }
    this.state = State.FieldStart
  }

  private field(value: string): void {
    this.record.push(value)
    this.carry = ''
    this.recordSize += value.length
    this.checkSize(0)
  }

  /** As csv-parse counts: a character may be added to a record of `maxRecordSize`, none to a longer one. */
  private checkSize(pending: number): void {
    if (this.recordSize + pending > this.maxRecordSize + 1)
      throw new CsvTokenError('CSV_MAX_RECORD_SIZE', `Max Record Size: a record is longer than ${this.maxRecordSize}`)
  }

  private finish(emit: (cells: string[]) => void): void {
    const record = this.record
    this.record = []
    this.recordSize = 0
    emit(record)
  }

  /** Past the line end at `at` (CR LF as one); a CR at the chunk's end leaves a LF of the next chunk to skip. */
  private lineEnd(text: string, at: number): number {
    if (text.charCodeAt(at) !== CR) return at + 1
    if (at + 1 < text.length) return text.charCodeAt(at + 1) === LF ? at + 2 : at + 1
    this.afterCr = true
    return at + 1
  }
}
