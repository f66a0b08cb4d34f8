import type {PayoutClient} from '../../client/index.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import type {ImportKind} from '../../services/import/session/import-kind.js'
import type {ImportResult} from '../../services/import/result.js'
import type {ImportEvent} from '../../services/import/session/session-events.js'
import type {Delimiter} from '../../services/import/sniff.js'
import type {MoneySummary} from '../confirm.js'
import {count, ImportProgress} from '../output/import-progress.js'
import {nothingToSend, renderDiff, resuming, waitingForLock} from '../output/import-summary.js'
import type {Output} from '../output/output.js'

/**
 * The screen side of an import session (src/services/import/session/): it renders the session's events
 * (warnings, the lock, the plan, progress) and asks for the production confirmation through a callback.
 * The command renders what the session returns.
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
  const renderer = new SessionRenderer(options.out)
  try {
    return await runImportSession({...options, kind, onEvent: event => renderer.render(event)})
  } finally {
    renderer.stop()
  }
}

/** Shows an import session's events: messages on stderr, the progress spinner or a line per chunk. */
class SessionRenderer {
  private progress?: ImportProgress

  constructor(private readonly out: Output) {}

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
      case 'sent':
        return this.stop()
    }
  }

  private validated(event: Extract<ImportEvent, {type: 'validated'}>): void {
    const {out} = this
    const {validation} = event
    if (validation.ignoredColumns.length && !out.json)
      out.warn(`ignoring columns that payctl does not read: ${validation.ignoredColumns.join(', ')}`)
    if (validation.invalid && !out.json) out.warn(`${count(validation.invalid)} invalid rows will be left out (--skip-invalid)`)
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
