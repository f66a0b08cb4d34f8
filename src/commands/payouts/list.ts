import {BaseCommand} from '../../cli/base-command.js'
import {payoutListApi, payoutListFlags} from '../../cli/flags/payout-list-flags.js'

export default class PayoutsList extends BaseCommand<typeof PayoutsList> {
  static override summary = 'List payouts, newest first.'
  static override description =
    `Shows 50 payouts by default; --limit bounds the count and --all follows every page. With --all the list is streamed page by page, so exports of millions of rows keep memory flat (use --output jsonl or csv).

The list comes from v1 (offset pages; --offset and --order work there) unless --status, --cursor or --api v2 is given: then it comes from v2 (cursor pages, the v2 representation, filtered by status). --limit and --all work the same for both. Every output shows a payout id as payout_<UUID> either way (a v1 document under --json keeps its other v1 fields).

--json is an array of the payouts, whichever generation. v2 output ends with the position on stderr (the cursor to continue from, also after a failure, or the end of the list). A v1 export resumes with --offset.

Safe to re-run (read only).`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --limit 200 --order asc',
    '<%= config.bin %> <%= command.id %> --status created --status approved',
    '<%= config.bin %> <%= command.id %> --all --output csv > payouts.csv',
    '<%= config.bin %> <%= command.id %> --api v2 --all --output jsonl | wc -l',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[].id"',
  ]

  static override flags = payoutListFlags

  async run(): Promise<void> {
    const f = this.flags
    const api = payoutListApi(f)
    const client = await this.client()
    const [{payoutV1Columns, payoutV2Columns, withPayoutId}, {watchInterrupts}] = await Promise.all([
      import('../../cli/output/payout-view.js'),
      import('../../cli/interrupt.js'),
    ])
    const limit = f.all ? undefined : f.limit
    const interrupts = watchInterrupts({
      notice: 'Stopping after the page in flight (press Ctrl-C again to quit at once)…',
      write: line => this.out.stderr(line),
    })
    try {
      let written: number
      if (api === 'v2') {
        const {writeCursorList} = await import('../../cli/output/cursor-list.js')
        written = await writeCursorList({
          out: this.out,
          columns: payoutV2Columns,
          format: f.output,
          all: f.all,
          cursor: f.cursor,
          jsonErrors: this.jsonErrors,
          signal: interrupts.signal,
          pages: position => client.v2.payouts.pages({...position, limit, status: f.status}),
        })
      } else {
        const {writeOffsetList} = await import('../../cli/output/offset-list.js')
        written = await writeOffsetList({
          out: this.out,
          columns: payoutV1Columns,
          format: f.output,
          offset: f.offset ?? 0,
          shown: withPayoutId,
          signal: interrupts.signal,
          pages: client.v1.payouts.pages({offset: f.offset ?? 0, limit, orderDirection: f.order ?? 'desc'}),
        })
      }
      if (written === 0) this.out.info('No payouts.')
    } finally {
      interrupts.dispose()
    }
  }
}
