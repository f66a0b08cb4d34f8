import type {ResolvedProfile} from '../../../config/resolve.js'
import {usageError} from '../../../shared/errors.js'
import {targetKey} from '../../payouts/target-key.js'
import type {Journal} from '../plan/journal.js'
import {chunkIdempotencyKey} from '../plan/keys.js'
import {type ImportPlan, rowsDigester} from '../plan/plan.js'
import {readChunks} from '../send/chunks.js'
import {ReportWriter} from '../send/report.js'
import {runChunks, type SendResult} from '../send/runner.js'
import type {ChunkSender} from '../send/send.js'
import type {SessionContext} from './session-context.js'

/**
 * The sending stage of an import session: the journal's header for this run, the report, a last check that
 * the file did not change since it was validated, then the chunks (runner.ts); the journal records the
 * digest of the whole file once every row was read, so a re-run can tell the same file from an edited one.
 */

/** The client and the sender only once a row needs them. */
function lazySender<Item>(context: SessionContext<Item>): ChunkSender<Item> {
  let sender: Promise<ChunkSender<Item>> | undefined
  const make = async () => context.options.kind.sender(await context.options.client())
  return async (chunk, keyOf) => {
    sender ??= make()
    return (await sender)(chunk, keyOf)
  }
}

export async function sendPlanned<Item>(
  context: SessionContext<Item>,
  plan: ImportPlan,
  profile: ResolvedProfile,
  journal: Journal,
): Promise<SendResult> {
  const {options, source, validation} = context
  const {kind} = options
  const target = targetKey(profile.name, profile.origin)
  const signature = await source.signature()
  const digester = rowsDigester()
  await journal.begin({
    type: 'import',
    version: 2,
    file: source.label,
    target,
    origin: profile.origin,
    api: kind.api,
    rowsDigest: plan.rowsDigest ?? '',
    startedAt: new Date().toISOString(),
  })
  let report: ReportWriter | undefined
  let run: SendResult | undefined
  try {
    report = options.report ? await ReportWriter.open(options.report, kind.idColumn) : undefined
    if ((await source.signature()) !== signature)
      throw usageError(`${source.label} changed while it was being validated; nothing was sent, run the import again`)
    await context.emit({type: 'sending', label: source.label, rows: validation.valid})
    run = await runChunks({
      chunks: readChunks({...context.chunkOptions, classify: plan.classify, onRow: digester.add}),
      send: lazySender(context),
      keyOf: rows => chunkIdempotencyKey(target, kind.request, rows),
      journal,
      concurrency: options.concurrency,
      andThen: kind.andThen,
      signal: options.signal,
      report,
      onChunk: event => context.emit({type: 'chunk-sent', ...event}),
      onLines: options.wantsRows ? rows => context.emit({type: 'rows-done', rows}) : undefined,
    })
    if (!run.stopped) await journal.finish(digester.digest())
    return run
  } finally {
    await context.emit({type: 'sent', stopped: run?.stopped})
    await journal.close()
    await report?.close()
  }
}
