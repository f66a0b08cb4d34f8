import {BaseCommand} from '../../cli/base-command.js'
import {allFlag, cursorFlag, limitFlag, outputFlag} from '../../cli/flags/common-flags.js'
import type {Answer} from '../../cli/shown.js'
import type {Counterparty} from '../../client/schemas.js'

export default class CounterpartiesList extends BaseCommand<typeof CounterpartiesList> {
  static override result = 'counterpartyList' as const
  static override summary = 'List counterparties, newest first.'
  static override description =
    `Shows 50 by default; --limit bounds the count, --cursor continues where an earlier page stopped (its nextCursor) and --all follows every page (streamed; use --output jsonl or csv for exports). Where the list stands goes to stderr: the cursor to continue with, or, on a terminal, the end of the list. The "Missing" column says what a direct payment to each one still needs.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --limit 20 --cursor <nextCursor>',
    '<%= config.bin %> <%= command.id %> --all --output csv > counterparties.csv',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[] | select(.missing | length > 0) | .id"',
  ]

  static override flags = {
    limit: limitFlag(50),
    all: allFlag,
    cursor: cursorFlag,
    output: outputFlag,
  }

  async run(): Promise<Answer<typeof CounterpartiesList.result>> {
    const f = this.flags
    const [client, {counterpartyColumns}, {cursorStream}] = await Promise.all([
      this.client(),
      import('../../cli/output/counterparty-view.js'),
      import('../../cli/output/cursor-list.js'),
    ])
    return cursorStream<Counterparty>({
      out: this.out,
      jsonErrors: this.jsonErrors,
      columns: counterpartyColumns,
      format: f.output,
      all: f.all,
      cursor: f.cursor,
      pages: position => client.v2.counterparties.pages({...position, limit: f.all ? undefined : f.limit}),
      command: 'counterparties list',
      empty: 'No counterparties.',
    })
  }
}
