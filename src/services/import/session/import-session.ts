import {stat} from 'node:fs/promises'
import {acquireFileLock} from '../../../config/file-lock.js'
import type {ResolvedProfile} from '../../../config/resolve.js'
import type {OnlineChecks} from '../check/online-checks.js'
import {checksOutcome, derivedEditOutcome, importOutcome, validationOutcome} from '../outcome/import-outcome.js'
import {type ImportResult, importSummary} from '../outcome/import-result.js'
import {Journal, profileJournalPath} from '../plan/journal.js'
import {planAgainstJournal, refuseOtherApi} from '../plan/journal-preview.js'
import {planImport} from '../plan/plan.js'
import {openSource} from '../read/source.js'
import {type ChunkOptions, validatedChunkOptions} from '../send/chunks.js'
import {emptySendResult, type SendResult} from '../send/runner.js'
import {interruptedError, type ValidateOptions, type ValidationResult, validateFile} from '../validate/validate-file.js'
import type {Confirmation, DryRunChecks} from './import-kind.js'
import type {SessionContext, SessionOptions} from './session-context.js'
import type {ImportEvents} from './session-events.js'
import {sendPlanned} from './session-send.js'

/**
 * One import of a file into a profile, whatever it imports (the kind: import-kind.ts), in stages: validate
 * the whole file; for `--dry-run` check it with the service and compare it with the journal; otherwise lock
 * the file's journal, plan (compare with the journal), confirm rows that move money, send (session-send.ts)
 * and decide the outcome. Progress is reported as events; the result is what the command prints.
 */

/** How long a second import of a file waits for the first one (then exit 5 naming the lock). */
const IMPORT_LOCK_TIMEOUT_MS = 10 * 60_000

export async function runImportSession<Item>(options: SessionOptions<Item>): Promise<ImportResult> {
  if (options.signal?.aborted) throw interruptedError()
  const {kind} = options
  const source = await openSource(options.file)
  let validation: ValidationResult | undefined
  let held = false
  // The dry run's online checks see the rows as the validation pass reads them (a big file's ask the service meanwhile).
  const checking = options.dryRun && !options.offline ? await kind.dryRunChecks?.(options.client) : undefined
  try {
    validation = await validateFile({
      path: source.path,
      schema: kind.schema,
      schemaOptions: kind.schemaOptions,
      encoding: options.encoding,
      delimiter: options.delimiter,
      signal: options.signal,
      keepRows: await rowsWanted(options, source.label, checking),
      memoryRows: options.keepInMemoryRows,
      observe: checking,
    })
    const early = validationOutcome(validation, options.skipInvalid, options.dryRun)
    const label = source.label
    const chunkOptions = {
      ...validatedChunkOptions({schema: kind.schema, batch: options.batch}, validation),
      prepare: kind.prepare,
    }
    const context: SessionContext<Item> = {options, source, validation, chunkOptions, emit: options.onEvent ?? noEvents}
    if (options.dryRun && !early && validation.valid) return await dryRun(context, checking)
    if (options.dryRun || early) return {kind: 'validation', validation, label, outcome: early}
    context.emit({type: 'validated', label, validation, skipInvalid: options.skipInvalid})
    if (!validation.valid && !validation.invalid) return {kind: 'validation', validation, label}
    const checks = await kind.checkOnline?.({client: options.client, validation, chunkOptions, sending: true})
    const refused = checks && checksOutcome(checks)
    if (refused) {
      const outcome = {...refused, suggestions: ['fix the rows, or leave them out; --dry-run shows the same checks']}
      return {kind: 'validation', validation, label, checks, outcome}
    }
    const result = await importLocked(context)
    if (options.holdRows && result.kind === 'import') {
      held = true
      return {...result, rows: context.chunkOptions as ChunkOptions<unknown>}
    }
    return result
  } finally {
    if (!held) await validation?.kept?.close()
    await source.cleanup()
  }
}

/**
 * Whether the stages after validation will read the rows: always, but for a dry run without a journal to compare
 * with whose online checks (if any) are made as the rows are read (it then keeps nothing, and costs no more than
 * reading the file) or read the rows only for some columns.
 */
async function rowsWanted<Item>(
  options: SessionOptions<Item>,
  label: string,
  checking: DryRunChecks<Item> | undefined,
): Promise<ValidateOptions<Item>['keepRows']> {
  if (!options.dryRun || (!options.offline && !checking)) return true
  const path = profileJournalPath(
    options.dataDir,
    await options.profile(),
    label,
    options.batch,
    options.kind.namespace,
  )
  if ((await stat(path).catch(() => undefined))?.size !== undefined) return true
  return checking ? hasColumn => checking.readsRows(hasColumn) : false
}

const noEvents: ImportEvents = () => undefined

/** `--dry-run` of a valid file: the online checks too, unless --offline or the service does not answer. */
async function dryRun<Item>(context: SessionContext<Item>, checking?: DryRunChecks<Item>): Promise<ImportResult> {
  const {options, validation, chunkOptions, source} = context
  const checks: OnlineChecks = options.offline
    ? {online: false, offlineReason: '--offline', problems: []}
    : checking
      ? await checking.result(chunkOptions)
      : ((await options.kind.checkOnline?.({client: options.client, validation, chunkOptions, sending: false})) ?? {
          online: false,
          offlineReason: 'nothing to check',
          problems: [],
        })
  const profile = await options.profile()
  const plan = await planAgainstJournal({
    chunkOptions: context.chunkOptions as ChunkOptions<unknown>,
    dataDir: options.dataDir,
    profile,
    label: source.label,
    batch: options.batch,
    namespace: options.kind.namespace,
    api: options.kind.api,
    andThen: options.kind.andThen,
  })
  const refusedDiff = plan.refused ? plan.diff : undefined
  const outcome = refusedDiff ? derivedEditOutcome(source.label, refusedDiff) : checksOutcome(checks)
  return {kind: 'validation', validation, label: source.label, checks, dryRun: {plan, profile: profile.name}, outcome}
}

/** One import of a file into a profile at a time: a second one waits, then finds the rows in the journal. */
async function importLocked<Item>(context: SessionContext<Item>): Promise<ImportResult> {
  const {options, source} = context
  const profile = await options.profile()
  const path = profileJournalPath(options.dataDir, profile, source.label, options.batch, options.kind.namespace)
  const lock = await acquireFileLock(`${path}.lock`, {
    onWait: holder => context.emit({type: 'waiting-for-lock', label: source.label, pid: holder.pid}),
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
    refuseOtherApi(journal, options.kind.api, source.label, profile.name)
    return await planAndSend(context, profile, journal)
  } finally {
    await lock.release()
  }
}

async function planAndSend<Item>(
  context: SessionContext<Item>,
  profile: ResolvedProfile,
  journal: Journal,
): Promise<ImportResult> {
  const {options, source, validation} = context
  const plan = await planImport(context.chunkOptions, journal, options.kind.andThen)
  const label = source.label
  const {refused} = plan
  const {work, diff} = plan
  context.emit({
    type: 'planned',
    label,
    profile: profile.name,
    journal: journal.path,
    valid: validation.valid,
    work,
    diff,
    refused,
  })
  const result = (send: SendResult) =>
    ({
      kind: 'import',
      validation,
      send,
      label,
      profile: profile.name,
      journal: journal.path,
      report: options.report,
      diff: plan.diff,
    }) as const
  if (plan.diff && refused)
    return {
      ...result({...emptySendResult(), unchanged: plan.diff.unchanged}),
      refused: true,
      outcome: derivedEditOutcome(label, plan.diff),
    }
  const confirmation = options.kind.confirmation?.(validation)
  if (confirmation && plan.work !== 0) await beforeMoneyMoves(context, confirmation, profile)
  if (options.signal?.aborted) throw interruptedError()
  const run = await sendPlanned(context, plan, profile, journal)
  const sent = result(run)
  return {
    ...sent,
    outcome: importOutcome(importSummary(sent), options.file),
    fatal: run.stopped === 'fatal' ? run.fatal : undefined,
  }
}

/** Money-moving rows: warn when their totals exceed the available balance or the allowance left, then confirm. */
async function beforeMoneyMoves<Item>(
  context: SessionContext<Item>,
  confirmation: Confirmation,
  profile: ResolvedProfile,
): Promise<void> {
  const {options} = context
  const client = await options.client()
  const {warnIfShort} = await import('../../payouts/balance-check.js')
  await warnIfShort({
    accounts: () => client.v2.team.accounts(),
    totals: confirmation.totals,
    warn: message => context.emit({type: 'warning', message}),
  })
  await options.confirm(confirmation, profile.environment)
}
