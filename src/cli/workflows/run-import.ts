import type {PayoutClient} from '../../client/index.js'
import {acquireFileLock} from '../../config/file-lock.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import {type ChunkOptions, readChunks, validatedChunkOptions} from '../../services/import/chunks.js'
import {
  checksOutcome,
  derivedEditOutcome,
  importOutcome,
  type Outcome,
  validationOutcome,
} from '../../services/import/import-outcome.js'
import type {RowSchema, SchemaOptions} from '../../services/import/import-schema.js'
import {Journal, profileJournalPath} from '../../services/import/journal.js'
import {type JournalPreview, previewAgainstJournal, refuseOtherApi} from '../../services/import/journal-preview.js'
import {chunkIdempotencyKey, targetKey} from '../../services/import/keys.js'
import type {OnlineChecks} from '../../services/import/online-checks.js'
import {type ImportPlan, planImport, refusesDerivedEdits, rowsDigester} from '../../services/import/plan.js'
import {ReportWriter} from '../../services/import/report.js'
import type {ImportResult} from '../../services/import/result.js'
import {type ImportSummary, importSummary, validationSummary} from '../../services/import/run-summary.js'
import {emptyCounts, type RunResult, runChunks} from '../../services/import/runner.js'
import type {ChunkSender} from '../../services/import/send.js'
import type {Delimiter} from '../../services/import/sniff.js'
import {openSource, type Source} from '../../services/import/source.js'
import {interruptedError, type ValidationResult, validateFile} from '../../services/import/validate-file.js'
import {warnIfShort} from '../../services/payouts/balance-check.js'
import {usageError} from '../../shared/errors.js'
import type {MoneySummary} from '../confirm.js'
import {count, ImportProgress} from '../output/import-progress.js'
import type {Output} from '../output/output.js'
import {steadyHeap} from '../steady-heap.js'

/**
 * `payctl payouts import`: the planning step (validate the whole file, compare it with the journal of
 * earlier imports: plan.ts) and the sending step (runner.ts). The command renders what this returns.
 */

export interface ImportOptions {
  file: string
  api: 'v1' | 'v2'
  dryRun: boolean
  skipInvalid: boolean
  andThen?: 'send-claim-link' | 'pay'
  /** `--dry-run` without asking the service (currencies, balances). */
  offline?: boolean
  /** Derived customIds of this batch (`--batch`): the same rows as a new set of payouts. */
  batch?: string
  concurrency: number
  encoding: string
  delimiter?: Delimiter
  decimalComma: boolean
  report?: string
  dataDir: string
  out: Output
  profile(): Promise<ResolvedProfile>
  client(): Promise<PayoutClient>
  /** Production confirmation of money-moving rows (src/cli/confirm.ts), after a warning when funds look short. */
  confirm(summary: MoneySummary, environment: ResolvedProfile['environment']): Promise<void>
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal
  /** --force-unlock: remove the import's lock first. */
  forceUnlock?: boolean
  /** Files up to this size are parsed once and kept in memory for sending (default 8 MiB). */
  keepInMemoryBytes?: number
}

/**
 * A file up to this size is parsed once: the validation pass keeps its records (about 3 times the file's
 * size in memory) for the sending pass. Bigger files are read again, streamed, so memory stays flat.
 */
const KEEP_IN_MEMORY_BYTES = 1024 * 1024

async function schemaFor(api: 'v1' | 'v2'): Promise<RowSchema<unknown>> {
  if (api === 'v1') return (await import('../../services/import/import-schema-v1.js')).v1Schema as RowSchema<unknown>
  return (await import('../../services/import/import-schema-v2.js')).v2Schema as RowSchema<unknown>
}

/** What one import works with once the file is validated. */
interface Context {
  options: ImportOptions
  source: Source
  validation: ValidationResult
  chunkOptions: ChunkOptions<unknown>
}

export async function importPayouts(options: ImportOptions): Promise<ImportResult> {
  if (options.signal?.aborted) throw interruptedError()
  steadyHeap()
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
    const early = validationOutcome(validation, options.skipInvalid, options.dryRun)
    const label = source.label
    const chunkOptions = validatedChunkOptions(
      {path: source.path, schema, schemaOptions, batch: options.batch},
      validation,
    )
    if (options.dryRun && !early && validation.valid) return await dryRun(options, validation, chunkOptions, label)
    if (options.dryRun || early)
      return {kind: 'validation', summary: validationSummary(validation), validation, label, outcome: early}
    warnAboutRows(options, validation)
    if (!validation.valid && !validation.invalid) {
      options.out.info(`${label} has a header but no rows: nothing to send.`)
      return {kind: 'validation', summary: validationSummary(validation), validation, label}
    }
    return await importLocked({options, source, validation, chunkOptions})
  } finally {
    await source.cleanup()
  }
}

/** `--dry-run` of a valid file: the online checks too, unless --offline or the service does not answer. */
async function dryRun(
  options: ImportOptions,
  validation: ValidationResult,
  chunkOptions: ChunkOptions<unknown>,
  label: string,
): Promise<ImportResult> {
  const checks: OnlineChecks = options.offline
    ? {online: false, offlineReason: '--offline', problems: []}
    : await (await import('../../services/import/online-checks.js')).checkOnline({
        client: options.client,
        validation,
        chunkOptions,
        movesMoney: item =>
          options.api === 'v2' ? options.andThen !== undefined : (item as {preApproved?: boolean}).preApproved === true,
      })
  const preview = await previewImport(options, validation, chunkOptions, label)
  const summary = {
    ...validationSummary(validation),
    checks: {online: checks.online, problems: checks.problems},
    preview,
  }
  const refusedDiff = preview.refused ? preview.diff : undefined
  const outcome = refusedDiff ? derivedEditOutcome(label, refusedDiff) : checksOutcome(checks)
  return {kind: 'validation', summary, validation, label, checks, outcome}
}

/** What the import would do now, from the journal of earlier imports of the file into the profile. */
async function previewImport(
  options: ImportOptions,
  validation: ValidationResult,
  chunkOptions: ChunkOptions<unknown>,
  label: string,
): Promise<JournalPreview> {
  return previewAgainstJournal({
    chunkOptions,
    dataDir: options.dataDir,
    profile: await options.profile(),
    label,
    batch: options.batch,
    api: options.api,
    andThen: options.andThen,
    valid: validation.valid,
  })
}

function warnAboutRows(options: ImportOptions, validation: ValidationResult): void {
  if (validation.ignoredColumns.length && !options.out.json)
    options.out.warn(`ignoring columns that payctl does not read: ${validation.ignoredColumns.join(', ')}`)
  if (validation.invalid && !options.out.json)
    options.out.warn(`${count(validation.invalid)} invalid rows will be left out (--skip-invalid)`)
}

/** How long a second import of a file waits for the first one (then exit 5 naming the lock). */
const IMPORT_LOCK_TIMEOUT_MS = 10 * 60_000

/** One import of a file into a profile at a time: a second one waits, then finds the rows in the journal. */
async function importLocked(context: Context): Promise<ImportResult> {
  const {options, source} = context
  const profile = await options.profile()
  const target = targetKey(profile.name, profile.origin)
  const path = profileJournalPath(options.dataDir, profile, source.label, options.batch)
  const {waitingForLock} = await import('../../cli/output/import-summary.js')
  const lock = await acquireFileLock(`${path}.lock`, {
    onWait: holder => options.out.info(waitingForLock(source.label, holder.pid)),
    signal: options.signal,
    force: options.forceUnlock,
    timeoutMs: IMPORT_LOCK_TIMEOUT_MS,
    pollMs: 200,
  }).catch(error => {
    if (options.signal?.aborted) throw interruptedError()
    throw error
  })
  try {
    const journal = await Journal.load(path)
    refuseOtherApi(journal, options.api, source.label, profile.name)
    return await planAndSend(context, profile, target, journal)
  } finally {
    await lock.release()
  }
}

async function planAndSend(
  context: Context,
  profile: ResolvedProfile,
  target: string,
  journal: Journal,
): Promise<ImportResult> {
  const {options, source, validation} = context
  const plan = await planImport(context.chunkOptions, journal, options.andThen)
  const output = await import('../../cli/output/import-summary.js')
  if (plan.diff && !options.out.json) output.renderDiff(options.out, source.label, plan.diff)
  const result = (summary: ImportSummary, outcome?: Outcome, fatal?: unknown): ImportResult => ({
    kind: 'import',
    summary,
    label: source.label,
    profile: profile.name,
    outcome,
    fatal,
  })
  const extra = {chunks: 0, journal: journal.path, report: options.report, diff: plan.diff}
  if (plan.diff && refusesDerivedEdits(plan, journal)) {
    const nothing = {...emptyCounts(), problems: [], pending: validation.valid}
    return result(importSummary(validation, nothing, extra), derivedEditOutcome(source.label, plan.diff))
  }
  if (plan.work === 0) options.out.info(output.nothingToSend(source.label, profile.name))
  else if (plan.work !== undefined && !plan.diff)
    options.out.info(output.resuming(source.label, validation.valid - plan.work, plan.work, journal.path))
  if (validation.moneyMoving.count && plan.work !== 0) await beforeMoneyMoves(options, validation, profile)
  if (options.signal?.aborted) throw interruptedError()
  const run = await send(context, plan, profile, target, journal)
  const summary = importSummary(validation, run, {...extra, chunks: run.chunks})
  return result(summary, importOutcome(summary), run.stopped === 'fatal' ? run.fatal : undefined)
}

/** Money-moving rows: warn when their totals exceed the available balance or the allowance left, then confirm. */
async function beforeMoneyMoves(options: ImportOptions, validation: ValidationResult, profile: ResolvedProfile) {
  const totals = validation.moneyMoving.totals
  const client = await options.client()
  await warnIfShort({accounts: () => client.v2.team.accounts(), totals, warn: line => options.out.warn(line)})
  await options.confirm(
    {
      action:
        options.api === 'v2'
          ? options.andThen === 'pay'
            ? 'import and pay payouts'
            : 'import and approve payouts (then send their claim links)'
          : 'import pre-approved payouts (money is reserved on approval)',
      count: validation.moneyMoving.count,
      totals,
    },
    profile.environment,
  )
}

/** The sending step: the client and the senders only once a row needs them. */
function lazySender(options: ImportOptions): ChunkSender<unknown> {
  let sender: Promise<ChunkSender<unknown>> | undefined
  const make = async (): Promise<ChunkSender<unknown>> => {
    const client = await options.client()
    if (options.api === 'v1')
      return (await import('../../services/import/send-v1.js')).v1Sender(client) as ChunkSender<unknown>
    return (await import('../../services/import/send-v2.js')).v2Sender(client, options.andThen) as ChunkSender<unknown>
  }
  return async (chunk, keyOf) => {
    sender ??= make()
    return (await sender)(chunk, keyOf)
  }
}

async function send(
  context: Context,
  plan: ImportPlan,
  profile: ResolvedProfile,
  target: string,
  journal: Journal,
): Promise<RunResult> {
  const {options, source, validation} = context
  const signature = await source.signature()
  const digester = rowsDigester()
  await journal.begin({
    type: 'import',
    version: 2,
    file: source.label,
    target,
    origin: profile.origin,
    api: options.api,
    rowsDigest: plan.rowsDigest ?? '',
    startedAt: new Date().toISOString(),
  })
  const progress = new ImportProgress(options.out, {rows: validation.valid, label: source.label})
  let report: ReportWriter | undefined
  try {
    report = options.report ? await ReportWriter.open(options.report) : undefined
    if ((await source.signature()) !== signature)
      throw usageError(`${source.label} changed while it was being validated; nothing was sent, run the import again`)
    await progress.start()
    const request = `${options.api} ${options.andThen ?? ''}`
    const run = await runChunks({
      chunks: readChunks({...context.chunkOptions, classify: plan.classify, onRow: digester.add}),
      send: lazySender(options),
      keyOf: rows => chunkIdempotencyKey(target, request, rows),
      journal,
      concurrency: options.concurrency,
      andThen: options.andThen,
      signal: options.signal,
      report,
      onChunk: event => progress.chunk(event),
    })
    if (!run.stopped) await journal.finish(digester.digest())
    return run
  } finally {
    progress.stop()
    await journal.close()
    await report?.close()
  }
}
