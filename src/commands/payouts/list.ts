import {Flags} from '@oclif/core'
import {BaseCommand} from '../../base-command.js'
import {allFlag, limitFlag, outputFlag} from '../../flags.js'

export default class PayoutsList extends BaseCommand<typeof PayoutsList> {
  static override summary = 'List payouts, newest first.'
  static override description =
    'Shows 50 payouts by default; --limit bounds the count and --all follows every page. With --all the list is streamed page by page, so exports of millions of rows keep memory flat (use --output jsonl or csv).'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --limit 200 --order asc',
    '<%= config.bin %> <%= command.id %> --all --output csv > payouts.csv',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[].id"',
  ]

  static override flags = {
    limit: limitFlag(50),
    all: allFlag,
    offset: Flags.integer({summary: 'Skip this many payouts first.', min: 0, default: 0}),
    order: Flags.option({options: ['asc', 'desc'] as const, default: 'desc', summary: 'Order by creation time.'})(),
    output: outputFlag,
  }

  async run(): Promise<void> {
    const client = await this.client()
    const {payoutV1Columns} = await import('../../output/payouts.js')
    const format = this.flags.output ?? (this.flags.json ? 'json' : 'table')
    const writer = this.out.list(payoutV1Columns, format)
    const pages = client.v1.payouts.pages({
      offset: this.flags.offset,
      limit: this.flags.all ? undefined : this.flags.limit,
      orderDirection: this.flags.order,
    })
    for await (const page of pages) await writer.page(page)
    writer.end()
    if (format === 'table' && writer.written === 0) this.out.info('No payouts.')
  }
}
