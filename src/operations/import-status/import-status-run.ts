import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import {RETRY_AFTER_CAP_MS} from '../../client/waits.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import {isDeclined} from '../../contract/lifecycle.js'
import type {ApiGeneration} from '../../contract/primitives.js'
import {errorLines, type ImportResult} from '../../services/import/outcome/import-result.js'
import {openSource} from '../../services/import/read/source.js'
import {
  type FileRows,
  type FileRowsOptions,
  importedRows,
  openFileRows,
} from '../../services/import-status/file-rows.js'
import {type FailedRef, type RetryKind, retryFailedPayouts, retryKindOf} from '../../services/import-status/retry.js'
import {
  problemCount,
  type StatusProblem,
  StatusProblems,
  statusOutcome,
} from '../../services/import-status/status-outcome.js'
import type {StatusRow} from '../../services/import-status/status-row.js'
import {statusChunks} from '../../services/import-status/status-rows.js'
import {type StatusSummary, StatusTally} from '../../services/import-status/status-summary.js'
import {totalsOf} from '../../services/payouts/actions.js'
import {warnIfShort} from '../../services/payouts/balance-check.js'
import {goalOf, goalStateOf, isFinal, type WaitGoal} from '../../services/payouts/goals.js'
import {awaitsNewClaim} from '../../services/payouts/payout-failures.js'
import {interruptedError, invalidInputError, PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {describeTotals} from '../../shared/money.js'
import {present} from '../../shared/present.js'
import {retryFailedCommand} from '../../shared/shell-word.js'
import {BATCH_STOPPING, watchInterrupts} from '../interrupt.js'
import {type ItemSource, itemSource} from '../item-source.js'
import type {MoneySummary} from '../operation-context.js'
import {followPayouts} from '../payouts/follow-payouts.js'
import type {Reporter} from '../reporter.js'
import {steadyHeap} from '../steady-heap.js'

/**
 * `payouts import-status FILE`: the file's rows joined with their payouts. Optionally first pays the failed
 * ones again (`--retry-failed`) and/or waits until the rows are final (`--wait`); then one pass reads every row
 * as it is written, and the summary. Exit: 7 when a wait timed out, 8 when rows failed, expired, were
 * deleted, were never imported or are invalid, 0 otherwise.
 */

export interface ImportStatusOptions extends StatusRunOptions, Omit<FileRowsOptions, 'path' | 'label' | 'profile'> {
  profile: ResolvedProfile
}

/** How the rows are read, retried, waited for and printed, whoever read them (the file, or the import that sent them). */
interface StatusRunOptions {
  /** As the person named it: for the advice printed. */
  file: string
  client: PayoutClient
  report: Reporter
  concurrency: number
  wait?: {timeoutMs: number; goal?: WaitGoal}
  retryFailed: boolean
  /** The production confirmation of paying failed payouts again. */
  confirm(summary: MoneySummary): Promise<void>
  signal?: AbortSignal
}

/** What `payouts import --wait` follows: the rows as the import read them, and where to report. */
export interface ImportedRows extends Pick<StatusRunOptions, 'file' | 'client' | 'report'> {
  api: ApiGeneration
  /** The import's result, holding its rows (`holdRows`). */
  sent: Extract<ImportResult, {kind: 'import'}>
  /** This run's follow-up step (`--and-then`). */
  andThen?: string
}

/** How long the rows' reads ride through transient faults: the wait's time-out, or the longest Retry-After payctl sleeps. */
const readsWithinMs = (options: StatusRunOptions) => options.wait?.timeoutMs ?? RETRY_AFTER_CAP_MS

/** The file open for its rows, after --retry-failed and --wait did their part (their error, if one is left). */
interface OpenedRows {
  rows: FileRows
  waitError?: PayctlError
  close(): Promise<void>
}

async function openRows(options: ImportStatusOptions): Promise<OpenedRows> {
  steadyHeap()
  const source = await openSource(options.file)
  let rows: FileRows | undefined
  const close = async () => {
    await rows?.close()
    await source.cleanup()
  }
  try {
    rows = await openFileRows({...options, path: source.path, label: source.label})
    if (rows.validation.fatal)
      throw invalidInputError(
        `${source.label} cannot be read as an import: ${errorLines(rows.validation)[0] ?? 'see above'}`,
      )
    if (!rows.journal)
      options.report.info(
        `No journal of an import of ${source.label} with profile ${options.profile.name}: reading the rows as payctl payouts import would.`,
      )
    return {rows, waitError: await followRows(rows, options), close}
  } catch (error) {
    await close()
    throw error
  }
}

/** --retry-failed and --wait: the error they leave, if any. */
async function followRows(rows: FileRows, options: StatusRunOptions): Promise<PayctlError | undefined> {
  const goal = options.wait?.goal ?? goalOf('approve', rows.andThen)
  if (options.retryFailed) return retryWatched(rows, options, goal)
  if (options.wait) return waitForRows(rows, options, goal)
  return undefined
}

/** The file's rows, each with its payout, and the generation the file was imported with. */
export type StatusRows = ItemSource<StatusRow> & {api: ApiGeneration}

/**
 * `payouts import-status`: every row of the file with its payout, read as it is written (memory flat in file
 * size), then the summary; the run ends with the rows' outcome.
 */
export async function importStatusRows(options: ImportStatusOptions): Promise<StatusRows> {
  const opened = await openRows(options)
  const tally = new TallyOfRows()
  const source = itemSource<StatusRow>({
    async around(render) {
      try {
        return await render()
      } finally {
        await opened.close()
      }
    },
    pages: () => tally.pages(opened.rows, options),
    ended(list) {
      const error = tally.outcome(options, opened.waitError, list.format === 'table')
      if (error) throw error
    },
  })
  return {...source, api: opened.rows.api}
}

/** The rows' statuses tallied as they are read, and the rows that did not go through (a few fields each). */
class TallyOfRows {
  private readonly tally = new StatusTally()
  private readonly problems = new StatusProblems()
  private journalFinished = false

  async *pages(rows: FileRows, options: StatusRunOptions): AsyncIterable<StatusRow[]> {
    for await (const chunk of statusChunks(rows, options.client, {...options, readsWithinMs: readsWithinMs(options)})) {
      for (const {row, derived} of chunk) {
        this.tally.add(row)
        this.problems.add(row, derived)
      }
      this.journalFinished = Boolean(rows.journal?.rowsDigest)
      yield chunk.map(({row}) => row)
    }
  }

  /** Reports the summary (on stdout after a table) and the rows that did not go through; the error to end with. */
  outcome(options: StatusRunOptions, waitError: PayctlError | undefined, afterTable: boolean): PayctlError | undefined {
    const summary = this.tally.toJSON()
    options.report.summary(summaryLines(summary), afterTable)
    if (waitError?.exitCode === ExitCode.transient) return waitError
    const refusedUnlessKeyed = this.journalFinished && this.problems.derivedNotImported > 0
    const error = statusOutcome(this.problems.kept, summary, options.file, refusedUnlessKeyed)
    if (error) listProblems(options.report, this.problems.kept, summary)
    return error
  }
}

/** Reads every row once, keeping only what `keep` picks (a few fields of a few rows: memory stays small). */
async function collect<T>(
  rows: FileRows,
  options: StatusRunOptions,
  keep: (row: StatusRow, payout?: PayoutV2) => T | undefined,
): Promise<T[]> {
  const kept: T[] = []
  for await (const chunk of statusChunks(rows, options.client, {...options, readsWithinMs: readsWithinMs(options)}))
    for (const {row, payout} of chunk) {
      const value = keep(row, payout)
      if (value !== undefined) kept.push(value)
    }
  return kept
}

async function waitForRows(
  rows: FileRows,
  options: StatusRunOptions,
  goal: WaitGoal,
): Promise<PayctlError | undefined> {
  const pending = await collect(rows, options, (_row, payout) =>
    payout && !isFinal(goalStateOf(payout, goal)) ? payout.id : undefined,
  )
  if (!pending.length) return undefined
  const {error} = await followPayouts({
    client: options.client,
    report: options.report,
    payouts: pending,
    goal,
    timeoutMs: present(options.wait).timeoutMs,
    rerun: statusAgain(options.file),
    signal: options.signal,
  })
  return error
}

/** --retry-failed: Ctrl-C stops after the call in flight and says where it stopped (a caller's own signal wins). */
async function retryWatched(rows: FileRows, options: StatusRunOptions, goal: WaitGoal) {
  if (options.signal) return retryFailed(rows, options, goal)
  const interrupt = watchInterrupts({notice: BATCH_STOPPING, write: line => options.report.info(line)})
  try {
    return await retryFailed(rows, {...options, signal: interrupt.signal}, goal)
  } finally {
    interrupt.dispose()
  }
}

/** A failed row to move forward: its payout, its line and what its recipient needs. */
interface FailedRow {
  ref: FailedRef
  payout: PayoutV2
  line: number
  kind: RetryKind
}

const RETRY_DONE: Record<RetryKind, (n: string) => string> = {
  pay: n => `Paid again: ${n} (counterparty payouts), to their counterparties' current payment methods.`,
  'claim-link': n =>
    `Sent a fresh claim link: ${n} (e-mail or phone payees); they now wait on the payee to claim with another method.`,
}

/** "3 payouts, lines 7, 8, 9" (the first 10 lines, then a count). */
function describeRows(rows: readonly FailedRow[]): string {
  const lines = rows.slice(0, 10).map(r => r.line)
  const more = rows.length > lines.length ? ` and ${rows.length - lines.length} more` : ''
  return `${rows.length} payout${rows.length === 1 ? '' : 's'}, line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}${more}`
}

/**
 * --retry-failed: each failed row moves forward by what its recipient needs (retry.ts), one kind after the other
 * and each on its own, so a refusal of one kind never keeps the other from going out. Rows that stay failed are
 * listed with the others by printRows (exit 8).
 */
async function retryFailed(
  rows: FileRows,
  options: StatusRunOptions,
  goal: WaitGoal,
): Promise<PayctlError | undefined> {
  const failed = await collect(rows, options, (row, payout): FailedRow | undefined =>
    payout && isDeclined(payout.status) && !awaitsNewClaim(payout)
      ? {
          ref: {id: payout.id, label: `line ${row.line} (${payout.id})`, updatedAt: payout.updatedAt},
          payout,
          line: row.line,
          kind: retryKindOf(payout),
        }
      : undefined,
  )
  const resume = `re-run the same command (${retryFailedCommand(options.file)}): payouts already paid again or sent a fresh link are not retried twice`
  if (options.signal?.aborted) throw interruptedError('interrupted while reading the rows; nothing was sent', [resume])
  if (!failed.length) {
    options.report.info('No failed payouts to retry.')
    return options.wait ? waitForRows(rows, options, goal) : undefined
  }
  const toPay = failed.filter(f => f.kind === 'pay')
  if (toPay.length) {
    const totals = totalsOf(toPay.map(f => f.payout))
    await warnIfShort({
      accounts: () => options.client.v2.team.accounts(),
      totals,
      warn: line => options.report.warn(line),
    })
    await options.confirm({action: 'pay failed payouts again', count: toPay.length, totals})
  }
  const paid = await retryKind(options, 'pay', toPay, resume)
  await retryKind(
    options,
    'claim-link',
    failed.filter(f => f.kind === 'claim-link'),
    resume,
  )
  if (!options.wait || !paid.length) return options.wait ? waitForRows(rows, options, goal) : undefined
  const {error} = await followPayouts({
    client: options.client,
    report: options.report,
    payouts: paid.map(f => f.ref.id),
    goal: 'paid',
    timeoutMs: options.wait.timeoutMs,
    rerun: statusAgain(options.file),
    signal: options.signal,
  })
  return error
}

/** Sends one kind; a refusal is reported and leaves its rows failed, Ctrl-C stops the whole retry. Returns the rows sent. */
async function retryKind(
  options: StatusRunOptions,
  kind: RetryKind,
  rows: FailedRow[],
  resume: string,
): Promise<FailedRow[]> {
  if (!rows.length) return []
  try {
    await retryFailedPayouts(
      options.client,
      kind,
      rows.map(f => f.ref),
      {signal: options.signal, resume},
    )
  } catch (error) {
    if (!(error instanceof PayctlError) || error.exitCode === ExitCode.interrupted) throw error
    options.report.warn(
      `Not ${kind === 'pay' ? 'paid again' : 'sent a fresh claim link'}: ${describeRows(rows)}: ${error.message}`,
    )
    return []
  }
  options.report.info(RETRY_DONE[kind](describeRows(rows)))
  return rows
}

/** The summary: one line per status with its row count and totals per currency. */
export function summaryLines(summary: StatusSummary): string[] {
  const width = Math.max(0, ...Object.keys(summary.byStatus).map(s => s.length))
  const lines = [`${summary.rows} row${summary.rows === 1 ? '' : 's'}:`]
  for (const [status, entry] of Object.entries(summary.byStatus))
    lines.push(`  ${status.padEnd(width)}  ${String(entry.rows).padStart(7)}  ${describeTotals(entry.totals)}`)
  return lines
}

/** For a person, one line per row that did not go through (the first 100), with its failure code and reason. */
function listProblems(report: Reporter, problems: StatusProblem[], summary: StatusSummary): void {
  report.info('Rows that did not go through:')
  for (const p of problems.slice(0, 100))
    report.info(
      `  line ${p.line}${p.customId ? ` (customId "${p.customId}")` : ''}: ${p.status}${p.why ? `: ${p.why}` : ''}`,
    )
  const more = problemCount(summary) - Math.min(problems.length, 100)
  if (more > 0) report.info(`  … and ${more} more (see the rows above)`)
}

/**
 * `payouts import --wait`: until every row is final for the import's step; prints only the summary and problems.
 * The rows are the ones the import holds (its row store): the file is not read again.
 */
export async function waitForImportedRows(imported: ImportedRows, timeoutMs: number): Promise<void> {
  steadyHeap()
  const {sent} = imported
  if (!sent.rows) throw new Error('the import did not hold its rows for --wait')
  const rows = await importedRows(sent.rows, {
    validation: sent.validation,
    api: imported.api,
    andThen: imported.andThen,
    journal: sent.journal,
  })
  const options: StatusRunOptions = {
    ...imported,
    concurrency: 16,
    wait: {timeoutMs},
    retryFailed: false,
    confirm: async () => undefined,
  }
  const waitError = await followRows(rows, options)
  const tally = new TallyOfRows()
  for await (const _ of tally.pages(rows, options));
  const error = tally.outcome(options, waitError, false)
  if (error) throw error
}

/** Waiting on for a file's rows: `payouts import-status FILE --wait` (its operation and input, and the line). */
const statusAgain = (file: string) => ({
  line: `payctl payouts import-status ${file} --wait`,
  next: {operation: 'payouts:import-status', input: {file, wait: true}},
})
