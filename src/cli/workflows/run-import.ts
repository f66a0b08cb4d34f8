import type {ApiGeneration} from '../../contract/primitives.js'
import type {ImportResult, ImportSummary, ValidationSummary} from '../../services/import/outcome/import-result.js'
import type {ImportKind} from '../../services/import/session/import-kind.js'
import type {SessionOptions} from '../../services/import/session/session-context.js'
import type {ImportEvent} from '../../services/import/session/session-events.js'
import {ImportProgress} from '../output/import-progress.js'
import {leftOutLines, nothingToSend, payoutIds, renderDiff, resuming, waitingForLock} from '../output/import-summary.js'
import type {Output} from '../output/output.js'
import {type Shown, shown} from '../shown.js'
import {steadyHeap} from '../steady-heap.js'

/**
 * The screen side of an import session (src/services/import/session/): it renders the session's events
 * (warnings, the lock, the plan, progress) and asks for the production confirmation through a callback.
 * The command renders what the session returns.
 */

/** A session's options (session-context.ts) as `payouts import` gives them: its flags and where to render. */
export interface ImportOptions extends Omit<SessionOptions<unknown>, 'kind' | 'onEvent'> {
  api: ApiGeneration
  andThen?: 'send-claim-link' | 'pay'
  decimalComma: boolean
  out: Output
}

/** `payctl payouts import`: the payout kind of import, run as a session. */
export async function importPayouts(options: ImportOptions): Promise<ImportResult> {
  const {payoutKind} = await import('../../services/import/session/payout-kind.js')
  const kind = await payoutKind({api: options.api, andThen: options.andThen, decimalComma: options.decimalComma})
  return runImport(kind, options)
}

/** Runs an import session of any kind, rendering its events on `options.out`. */
export async function runImport<Item>(
  kind: ImportKind<Item>,
  options: Omit<ImportOptions, 'api' | 'andThen' | 'decimalComma'>,
): Promise<ImportResult> {
  const {runImportSession} = await import('../../services/import/session/import-session.js')
  steadyHeap()
  const renderer = new SessionRenderer(options.out)
  try {
    return await runImportSession({
      ...options,
      kind,
      wantsRows: renderer.wantsRows,
      onEvent: event => renderer.render(event),
    })
  } finally {
    renderer.stop()
  }
}

/** Shows an import session's events: messages on stderr, the progress spinner or a line per chunk. */
class SessionRenderer {
  private progress?: ImportProgress

  constructor(private readonly out: Output) {}

  /** --quiet prints the ids of the file's payouts, one per line, as their chunks are done. */
  get wantsRows(): boolean {
    return Boolean(this.out.script.quiet)
  }

  render(event: ImportEvent): void | Promise<void> {
    const {out} = this
    switch (event.type) {
      case 'validated':
        return this.validated(event)
      case 'waiting-for-lock':
        return out.info(waitingForLock(event.label, event.pid))
      case 'planned':
        return this.planned(event)
      case 'warning':
        return out.warn(event.message)
      case 'sending':
        this.progress = new ImportProgress(out, {rows: event.rows, label: event.label})
        return this.progress.start()
      case 'chunk-sent':
        return this.progress?.chunk(event)
      case 'rows-done':
        for (const id of payoutIds(event.rows)) out.jsonLine({id})
        return
      case 'sent':
        return this.stop()
    }
  }

  private validated(event: Extract<ImportEvent, {type: 'validated'}>): void {
    const {out} = this
    const {validation} = event
    if (validation.ignoredColumns.length && !out.json)
      out.warn(`ignoring columns that payctl does not read: ${validation.ignoredColumns.join(', ')}`)
    if (validation.invalid && (!out.json || out.script.quiet)) {
      const [head, ...rows] = leftOutLines(validation)
      out.warn(head)
      for (const row of rows) out.stderr(row)
    }
    if (!validation.valid && !validation.invalid) out.info(`${event.label} has a header but no rows: nothing to send.`)
  }

  private planned(event: Extract<ImportEvent, {type: 'planned'}>): void {
    const {out} = this
    if (event.diff && !out.json) renderDiff(out, event.label, event.diff)
    if (event.refused) return
    if (event.work === 0) out.info(nothingToSend(event.label, event.profile))
    else if (event.work !== undefined && !event.diff)
      out.info(resuming(event.label, event.valid - event.work, event.work, event.journal))
  }

  stop(): void {
    this.progress?.stop()
    this.progress = undefined
  }
}

/** What both import commands give: the session's options, and how to render and end. */
export interface ImportCommandOptions extends Omit<ImportOptions, 'api' | 'andThen' | 'decimalComma'> {
  /** Shown in the summary's title: `v2`, `v1`, `counterparties`. */
  title: string
  /** An outcome the command goes on after (payments declined at once, when --wait follows the rows). */
  continuesAfter?: (outcome: NonNullable<ImportResult['outcome']>) => boolean
  /**
   * What the command does once the summary is shown and the import did not fail (--wait follows the rows). The rows
   * a session held for it (`holdRows`) are removed once it ends, whatever the outcome.
   */
  after?: (result: ImportResult) => Promise<void>
}

/**
 * An import command's run: Ctrl-C stops after the chunks in flight; the answer is the summary (--json prints it), a
 * person sees the import's summary or the validation, and once shown the outcome becomes the command's error (its
 * exit code).
 */
export async function runImportCommand<Item>(
  kind: ImportKind<Item> | Promise<ImportKind<Item>>,
  options: ImportCommandOptions,
): Promise<Shown<ValidationSummary | ImportSummary>> {
  const [{watchInterrupts}, {outcomeError}, {renderImportResult}, {summaryOf}] = await Promise.all([
    import('../../operations/interrupt.js'),
    import('../../services/import/outcome/import-outcome.js'),
    import('../output/import-summary.js'),
    import('../../services/import/outcome/import-result.js'),
  ])
  const interrupt = watchInterrupts({
    notice: 'Stopping after the chunks in flight (press Ctrl-C again to quit at once)…',
    write: line => options.out.stderr(line),
  })
  const result = await runImport(await kind, {...options, signal: interrupt.signal}).finally(() => interrupt.dispose())
  const release = async () => {
    if (result.kind === 'import') await result.rows?.kept?.close()
  }
  return shown(summaryOf(result), {
    view: async (_, out) => {
      try {
        renderImportResult(out, result, {dryRun: options.dryRun, api: options.title})
      } catch (error) {
        await release()
        throw error
      }
    },
    after: async () => {
      try {
        if (result.kind === 'import' && result.fatal) throw result.fatal
        if (result.outcome && !options.continuesAfter?.(result.outcome)) throw outcomeError(result.outcome)
        await options.after?.(result)
      } finally {
        await release()
      }
    },
  })
}
