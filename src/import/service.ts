import type {PayoutClient} from '../client/index.js'
import type {ResolvedProfile} from '../config/resolve.js'
import type {MoneySummary} from '../confirm.js'
import {usageError} from '../errors.js'
import {ExitCode} from '../exit-codes.js'
import type {Output} from '../output/output.js'
import {chunkCount, readChunks} from './chunks.js'
import {Journal, type JournalOptions, journalPath, optionsDiffer} from './journal.js'
import {chunkIdempotencyKey, targetKey} from './keys.js'
import {count, ImportProgress} from './progress.js'
import {ReportWriter} from './report.js'
import {emptyCounts, type RunResult, runChunks} from './runner.js'
import type {RowSchema, SchemaOptions} from './schema.js'
import {type ChunkSender, v1Sender, v2Sender} from './send.js'
import type {Delimiter} from './sniff.js'
import {openSource} from './source.js'
import {
  errorLines,
  type ImportSummary,
  importOutcome,
  importSummary,
  type Outcome,
  type ValidationSummary,
  validationSummary,
} from './summary.js'
import {interruptedError, type ValidationResult, validateFile} from './validate.js'

/**
 * `payctl payouts import`: validate the whole file (nothing sent if it is invalid), then send it in chunks of
 * 100, resumable through the journal. The command renders what this returns.
 */

export interface ImportOptions {
  file: string
  api: 'v1' | 'v2'
  dryRun: boolean
  skipInvalid: boolean
  andThen?: 'send-claim-link' | 'pay'
  concurrency: number
  encoding: string
  delimiter?: Delimiter
  decimalComma: boolean
  report?: string
  dataDir: string
  out: Output
  profile(): Promise<ResolvedProfile>
  client(): Promise<PayoutClient>
  /** Production confirmation of money-moving rows (src/confirm.ts). */
  confirm(summary: MoneySummary, environment: ResolvedProfile['environment']): Promise<void>
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal
  /** Files up to this size are parsed once and kept in memory for sending (default 8 MiB). */
  keepInMemoryBytes?: number
}

export type ImportResult =
  | {kind: 'validation'; summary: ValidationSummary; validation: ValidationResult; label: string; outcome?: Outcome}
  | {kind: 'import'; summary: ImportSummary; label: string; profile: string; outcome?: Outcome; fatal?: unknown}

/**
 * A file up to this size is parsed once: the validation pass keeps its records (about 3 times the file's
 * size in memory) for the sending pass. Bigger files are read twice, streamed, so memory stays flat.
 */
const KEEP_IN_MEMORY_BYTES = 8 * 1024 * 1024

async function schemaFor(api: 'v1' | 'v2'): Promise<RowSchema<unknown>> {
  if (api === 'v1') return (await import('./schema-v1.js')).v1Schema as RowSchema<unknown>
  return (await import('./schema-v2.js')).v2Schema as RowSchema<unknown>
}

/** The outcome of validation alone: 6 for an unreadable or invalid file, 8 when --skip-invalid leaves rows out. */
function validationOutcome(result: ValidationResult, skipInvalid: boolean, dryRun: boolean): Outcome | undefined {
  if (!result.invalid && !result.fatal) return undefined
  const invalid = result.fatal
    ? `the file cannot be imported (${result.errors[0] ? errorLines(result)[0] : 'see above'})`
    : `${count(result.invalid)} of ${count(result.rows)} rows are invalid`
  if (result.fatal || !skipInvalid)
    return {
      exitCode: ExitCode.invalidInput,
      code: 'INVALID_INPUT',
      message: `${invalid}; nothing was sent`,
      suggestions: result.fatal ? [] : ['fix them, or pass --skip-invalid to send the valid rows only'],
    }
  if (dryRun || !result.valid)
    return {
      exitCode: ExitCode.partial,
      code: 'PARTIAL',
      message: `${invalid}; --skip-invalid leaves them out${result.valid ? '' : ', and no row is left to send'}`,
      suggestions: [],
    }
  return undefined
}

export async function importPayouts(options: ImportOptions): Promise<ImportResult> {
  if (options.signal?.aborted) throw interruptedError()
  const schema = await schemaFor(options.api)
  const schemaOptions: SchemaOptions = {decimalComma: options.decimalComma, andThen: options.andThen}
  const source = await openSource(options.file)
  try {
    const validation = await validateFile({
      path: source.path,
      schema,
      schemaOptions,
      encoding: options.encoding,
      delimiter: options.delimiter,
      signal: options.signal,
      keepRecordsUpTo: options.dryRun ? undefined : (options.keepInMemoryBytes ?? KEEP_IN_MEMORY_BYTES),
    })
    const signature = await source.signature()
    const early = validationOutcome(validation, options.skipInvalid, options.dryRun)
    if (options.dryRun || early)
      return {
        kind: 'validation',
        summary: validationSummary(validation),
        validation,
        label: source.label,
        outcome: early,
      }
    if (validation.ignoredColumns.length && !options.out.json)
      options.out.warn(`ignoring columns that payctl does not read: ${validation.ignoredColumns.join(', ')}`)
    if (validation.invalid && !options.out.json)
      options.out.warn(`${count(validation.invalid)} invalid rows will be left out (--skip-invalid)`)
    if (validation.withoutCustomId)
      options.out.info(
        `${count(validation.withoutCustomId)} row${validation.withoutCustomId === 1 ? ' has' : 's have'} no customId: each gets one derived from this file's content and its line, so re-running this file never duplicates them (an edited file gets new ones).`,
      )

    if (!validation.valid && !validation.invalid) {
      options.out.info(`${source.label} has a header but no rows: nothing to send.`)
      return {kind: 'validation', summary: validationSummary(validation), validation, label: source.label}
    }

    const profile = await options.profile()
    const target = targetKey(profile.name, profile.origin)
    const chunks = chunkCount(validation.valid)
    const requestKind = `${options.api} ${options.andThen ?? ''}`
    const journal = await Journal.load(
      journalPath(options.dataDir, validation.fileHash, target),
      Boolean(options.report),
    )
    const journalOptions: JournalOptions = {
      api: options.api,
      andThen: options.andThen,
      skipInvalid: options.skipInvalid,
      decimalComma: options.decimalComma,
      encoding: validation.encoding,
      delimiter: validation.delimiter,
    }
    const doneBefore = [...journal.done.keys()].filter(chunk => chunk <= chunks).length
    if (journal.header && doneBefore < chunks) {
      const differ = optionsDiffer(journal.header.options, journalOptions)
      if (differ.length)
        throw usageError(
          `${source.label} was partly imported with profile ${profile.name} using other options (${differ.join(', ')} differ)`,
          [`re-run with the same options to resume (journal: ${journal.path})`],
        )
    }
    if (doneBefore === chunks) {
      options.out.info(
        `Nothing to send: every chunk of ${source.label} was already imported with profile ${profile.name} (journal: ${journal.path}).`,
      )
    } else if (doneBefore > 0) {
      options.out.info(
        `Resuming: ${count(doneBefore)} of ${count(chunks)} chunks of ${source.label} were finished by an earlier run (journal: ${journal.path}); sending the other ${count(chunks - doneBefore)}.`,
      )
    }
    if (validation.moneyMoving.count && doneBefore < chunks)
      await options.confirm(
        {
          action:
            options.api === 'v2'
              ? 'import and pay payouts'
              : 'import pre-approved payouts (money is reserved on approval)',
          count: validation.moneyMoving.count,
          totals: validation.moneyMoving.totals,
        },
        profile.environment,
      )
    if (options.signal?.aborted) throw interruptedError()

    const client = doneBefore < chunks ? await options.client() : undefined
    if ((await source.signature()) !== signature)
      throw usageError(`${source.label} changed while it was being validated; nothing was sent, run the import again`)
    let run: RunResult
    if (!client && !options.report) {
      // Every chunk is in already; without a report there is nothing to read the file again for.
      run = {...emptyCounts(), alreadyImported: validation.valid, chunksAlreadyImported: chunks}
    } else {
      await journal.begin({
        type: 'import',
        version: 1,
        file: source.label,
        fileHash: validation.fileHash,
        target,
        origin: profile.origin,
        options: journalOptions,
        chunks,
        startedAt: new Date().toISOString(),
      })
      const progress = new ImportProgress(options.out, {rows: validation.valid, chunks, label: source.label})
      let report: ReportWriter | undefined
      try {
        report = options.report ? await ReportWriter.open(options.report) : undefined
        await progress.start()
        const send: ChunkSender<unknown> = !client
          ? async () => {
              throw new Error('no chunk is left to send')
            }
          : options.api === 'v1'
            ? (v1Sender(client) as ChunkSender<unknown>)
            : (v2Sender(client) as ChunkSender<unknown>)
        run = await runChunks({
          chunks: readChunks({
            path: source.path,
            schema,
            schemaOptions,
            encoding: validation.encoding,
            delimiter: validation.delimiter,
            invalidRows: validation.invalidRows,
            duplicateOf: validation.duplicateOf,
            records: validation.records,
            invalidUtf8: validation.invalidUtf8,
          }),
          send,
          idempotencyKey: chunk => chunkIdempotencyKey(target, requestKind, chunk.rows),
          journal,
          concurrency: options.concurrency,
          validRows: validation.valid,
          signal: options.signal,
          report,
          onChunk: event => progress.chunk(event),
        })
      } finally {
        progress.stop()
        await journal.close()
        await report?.close()
      }
    }
    const summary = importSummary(validation, run, {chunks, journal: journal.path, report: options.report})
    return {
      kind: 'import',
      summary,
      label: source.label,
      profile: profile.name,
      outcome: importOutcome(summary),
      fatal: run.stopped === 'fatal' ? run.fatal : undefined,
    }
  } finally {
    await source.cleanup()
  }
}
