import {BaseCommand} from '../../cli/base-command.js'
import {outputFlag} from '../../cli/flags/common-flags.js'
import {flagsOf} from '../../cli/flags/flag-of.js'
import type {Answer} from '../../cli/shown.js'
import {counterpartiesList} from '../../operations/counterparties/counterparties-list.js'

export default class CounterpartiesList extends BaseCommand<typeof CounterpartiesList, 'counterpartyList'> {
  static override summary = counterpartiesList.summary
  static override description =
    `Shows 50 by default; --limit bounds the count, --cursor continues where an earlier page stopped (its nextCursor) and --all follows every page (streamed; use --output jsonl or csv for exports). Where the list stands goes to stderr: the cursor to continue with, or, on a terminal, the end of the list. The "Missing" column says what a direct payment to each one still needs.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --limit 20 --cursor <nextCursor>',
    '<%= config.bin %> <%= command.id %> --all --output csv > counterparties.csv',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[] | select(.missing | length > 0) | .id"',
  ]

  static override flags = {...flagsOf(counterpartiesList.inputs), output: outputFlag}

  async run(): Promise<Answer<'counterpartyList'>> {
    const [counterparties, {listed}, {counterpartyColumns}] = await Promise.all([
      this.operate(counterpartiesList),
      import('../../cli/output/item-stream.js'),
      import('../../cli/output/counterparty-view.js'),
    ])
    return listed(counterparties, {columns: counterpartyColumns, format: this.flags.output})
  }
}
