import type {ApiGeneration} from '../../contract/primitives.js'
import type {ImportResult} from '../../services/import/outcome/import-result.js'
import type {ImportKind} from '../../services/import/session/import-kind.js'
import type {SessionOptions} from '../../services/import/session/session-context.js'
import type {ImportEvent} from '../../services/import/session/session-events.js'
import {watchInterrupts} from '../interrupt.js'
import type {Reporter} from '../reporter.js'
import {steadyHeap} from '../steady-heap.js'

/** Who renders an import session's events (src/cli/output/import-session-view.ts), and whether it wants every row. */
export interface SessionView {
  readonly wantsRows: boolean
  render(event: ImportEvent): void | Promise<void>
  stop(): void
}

/** A session's options (session-context.ts) as an import operation gives them, and who renders its events. */
export interface ImportOptions extends Omit<SessionOptions<unknown>, 'kind' | 'onEvent' | 'wantsRows'> {
  view: SessionView
}

/** `payouts import`: the payout kind of import, run as a session. */
export async function importPayouts(
  options: ImportOptions & {api: ApiGeneration; andThen?: 'send-claim-link' | 'pay'; decimalComma: boolean},
): Promise<ImportResult> {
  const {payoutKind} = await import('../../services/import/session/payout-kind.js')
  const kind = await payoutKind({api: options.api, andThen: options.andThen, decimalComma: options.decimalComma})
  return runImport(kind, options)
}

/** Runs an import session of any kind, its events rendered by `options.view`. */
export async function runImport<Item>(kind: ImportKind<Item>, options: ImportOptions): Promise<ImportResult> {
  const {runImportSession} = await import('../../services/import/session/import-session.js')
  steadyHeap()
  const {view} = options
  try {
    return await runImportSession({...options, kind, wantsRows: view.wantsRows, onEvent: event => view.render(event)})
  } finally {
    view.stop()
  }
}

/** An import command's session: Ctrl-C stops after the chunks in flight (the journal makes it resumable). */
export async function watchedImport<Item>(
  kind: ImportKind<Item> | Promise<ImportKind<Item>>,
  options: ImportOptions & {notices: Pick<Reporter, 'stderr'>},
): Promise<ImportResult> {
  const interrupt = watchInterrupts({
    notice: 'Stopping after the chunks in flight (press Ctrl-C again to quit at once)…',
    write: line => options.notices.stderr(line),
  })
  return runImport(await kind, {...options, signal: interrupt.signal}).finally(() => interrupt.dispose())
}
