import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {usageError} from '../../shared/errors.js'
import {allFlag, cursorFlag, limitFlag, outputFlag} from '../../cli/flags/common-flags.js'
import type {ListWriter} from '../../cli/output/output.js'

export default class PayoutsList extends BaseCommand<typeof PayoutsList> {
  static override summary = 'List payouts, newest first.'
  static override description =
    `Shows 50 payouts by default; --limit bounds the count and --all follows every page. With --all the list is streamed page by page, so exports of millions of rows keep memory flat (use --output jsonl or csv).

The list comes from v1 (offset pages; --offset and --order work there) unless --status, --cursor or --api v2 is given: then it comes from v2 (cursor pages, the v2 representation, filtered by status). --limit and --all work the same for both. Tables, csv, tsv and --quiet show every payout id as payout_<UUID> either way; --json shows each generation's own documents (v1: the UUID).

A v2 page under --json is the API's envelope (hasMore, nextCursor); continue with --cursor. Streamed v2 output ends with the position on stderr (the cursor to continue from, also after a failure, or the end of the list). A v1 export resumes with --offset.

Safe to re-run (read only).`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --limit 200 --order asc',
    '<%= config.bin %> <%= command.id %> --status created --status approved',
    '<%= config.bin %> <%= command.id %> --all --output csv > payouts.csv',
    '<%= config.bin %> <%= command.id %> --api v2 --all --output jsonl | wc -l',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[].id"',
  ]

  static override flags = {
    limit: limitFlag(50),
    all: allFlag,
    status: Flags.string({
      summary:
        'Only payouts in this status (repeatable; v2): created, approved, requested, completed, failed, expired.',
      multiple: true,
      multipleNonGreedy: true,
    }),
    offset: Flags.integer({summary: 'Skip this many payouts first (v1).', min: 0}),
    order: Flags.option({options: ['asc', 'desc'] as const, summary: 'Order by creation time (v1; default desc).'})(),
    api: Flags.option({
      options: ['v1', 'v2'] as const,
      summary: 'API generation (default: v2 with --status, v1 otherwise).',
    })(),
    cursor: cursorFlag,
    output: outputFlag,
  }

  async run(): Promise<void> {
    const f = this.flags
    const api = f.api ?? (f.status?.length || f.cursor ? 'v2' : 'v1')
    if (api === 'v1' && f.status?.length) throw usageError('--status filters the v2 list; drop --api v1')
    if (api === 'v1' && f.cursor)
      throw usageError('--cursor continues the v2 list; drop --api v1 (v1 resumes with --offset)')
    if (api === 'v2' && (f.offset !== undefined || f.order !== undefined))
      throw usageError(`${f.offset !== undefined ? '--offset' : '--order'} only works with the v1 list`)
    for (const status of f.status ?? [])
      if (!/^[a-z_-]+$/.test(status)) throw usageError(`--status "${status}" is not a status like created or approved`)
    const client = await this.client()
    const {payoutV1Columns, payoutV2Columns} = await import('../../cli/output/payout-view.js')
    const limit = f.all ? undefined : f.limit
    const {watchInterrupts, interruptedError} = await import('../../cli/interrupt.js')
    const interrupts = watchInterrupts({
      notice: 'Stopping after the page in flight (press Ctrl-C again to quit at once)…',
      write: line => this.out.stderr(line),
    })
    try {
      if (api === 'v2') {
        const {writeCursorList} = await import('../../cli/output/cursor-list.js')
        const written = await writeCursorList({
          out: this.out,
          columns: payoutV2Columns,
          format: f.output,
          all: f.all,
          cursor: f.cursor,
          jsonErrors: this.jsonErrors,
          signal: interrupts.signal,
          pages: position => client.v2.payouts.pages({...position, limit, status: f.status}),
        })
        if (written === 0) this.out.info('No payouts.')
        return
      }
      const writer = this.out.list(payoutV1Columns, f.output)
      const pages = client.v1.payouts.pages({offset: f.offset ?? 0, limit, orderDirection: f.order ?? 'desc'})
      const count = await this.stream(writer, pages, interrupts.signal)
      if (interrupts.signal.aborted)
        throw interruptedError(`interrupted after ${count} payouts (the output so far is complete)`, [
          `resume with --offset ${(f.offset ?? 0) + count}`,
        ])
      if (count === 0) this.out.info('No payouts.')
    } finally {
      interrupts.dispose()
    }
  }

  /** Writes page by page; Ctrl-C stops after the page in flight, and the output is still well formed. */
  private async stream<T>(writer: ListWriter<T>, pages: AsyncIterable<T[]>, signal: AbortSignal): Promise<number> {
    for await (const page of pages) {
      await writer.page(page)
      if (signal.aborted) break
    }
    writer.end()
    return writer.written
  }
}
