import type {SessionView} from '../../operations/import/import-run.js'
import type {ImportResult, ImportSummary, ValidationSummary} from '../../services/import/outcome/import-result.js'
import type {ImportEvent} from '../../services/import/session/session-events.js'
import {type Shown, shown} from '../shown.js'
import {ImportProgress} from './import-progress.js'
import {leftOutLines, nothingToSend, payoutIds, renderDiff, resuming, waitingForLock} from './import-summary.js'
import type {Output} from './output.js'

/**
 * The screen side of an import session (src/services/import/session/): it renders the session's events
 * (warnings, the lock, the plan, progress), and the result the session returns.
 */

/** Shows an import session's events: messages on stderr, the progress spinner or a line per chunk. */
export class SessionRenderer implements SessionView {
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

/** How an import command shows its result and ends. */
export interface ShownImport {
  /** Shown in the summary's title: `v2`, `v1`, `counterparties`. */
  title: string
  dryRun: boolean
  /** An outcome the command goes on after (payments declined at once, when --wait follows the rows). */
  continuesAfter?: (outcome: NonNullable<ImportResult['outcome']>) => boolean
  /**
   * What the command does once the summary is shown and the import did not fail (--wait follows the rows). The rows
   * a session held for it (`holdRows`) are removed once it ends, whatever the outcome.
   */
  after?: (result: ImportResult) => Promise<void>
}

/**
 * An import command's answer: the summary (--json prints it); a person sees the import's summary or the
 * validation, and once shown the outcome becomes the command's error (its exit code).
 */
export async function shownImport(
  result: ImportResult,
  options: ShownImport,
): Promise<Shown<ValidationSummary | ImportSummary>> {
  const [{outcomeError}, {renderImportResult}, {summaryOf}] = await Promise.all([
    import('../../services/import/outcome/import-outcome.js'),
    import('./import-summary.js'),
    import('../../services/import/outcome/import-result.js'),
  ])
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
