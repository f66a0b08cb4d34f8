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
    const [{counterpartyColumns}, {interruptedError, PAGE_STOPPING, watchInterrupts}] = await Promise.all([
      import('../../cli/output/counterparty-view.js'),
      import('../../cli/interrupt.js'),
    ])
    const writer = this.out.list(counterpartyColumns, this.flags.output)
    const interrupts = watchInterrupts({notice: PAGE_STOPPING})
    try {
      for await (const page of client.v2.counterparties.pages({limit: this.flags.all ? undefined : this.flags.limit})) {
        await writer.page(page)
        if (interrupts.signal.aborted) break
      }
    } finally {
      interrupts.dispose()
    }
    writer.end()
    if (interrupts.signal.aborted)
      throw interruptedError(`interrupted after ${writer.written} counterparties (the output so far is complete)`, [
        'the list has no cursor to resume from: re-run the command to list them all (it only reads)',
      ])
    if (writer.written === 0) this.out.info('No counterparties.')
  }
}
