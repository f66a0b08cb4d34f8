import {BaseCommand} from '../../cli/base-command.js'
import {allFlag, limitFlag, outputFlag} from '../../cli/flags/common-flags.js'

export default class CounterpartiesList extends BaseCommand<typeof CounterpartiesList> {
  static override summary = 'List counterparties, newest first.'
  static override description =
    'Shows 50 by default; --limit bounds the count and --all follows every page (streamed; use --output jsonl or csv for exports). The "Missing" column says what a direct payment to each one still needs.'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --all --output csv > counterparties.csv',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[] | select(.missing | length > 0) | .id"',
  ]

  static override flags = {
    limit: limitFlag(50),
    all: allFlag,
    output: outputFlag,
  }

  async run(): Promise<void> {
    const client = await this.client()
    const {counterpartyColumns} = await import('../../cli/output/counterparty-view.js')
    const writer = this.out.list(counterpartyColumns, this.flags.output)
    for await (const page of client.v2.counterparties.pages({limit: this.flags.all ? undefined : this.flags.limit}))
      await writer.page(page)
    writer.end()
    if (writer.written === 0) this.out.info('No counterparties.')
  }
}
