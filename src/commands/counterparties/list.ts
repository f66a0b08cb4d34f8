import {commandOf} from '../../cli/command-of.js'
import {listedCommand} from '../../cli/listed-command.js'
import {counterpartiesList} from '../../operations/counterparties/counterparties-list.js'

export default commandOf(counterpartiesList, {
  ...listedCommand(
    'counterpartyList',
    async () => (await import('../../cli/output/counterparty-view.js')).counterpartyColumns,
  ),
  description: `Shows 50 by default; --limit bounds the count, --cursor continues where an earlier page stopped (its nextCursor) and --all follows every page (streamed; use --output jsonl or csv for exports). Where the list stands goes to stderr: the cursor to continue with, or, on a terminal, the end of the list. The "Missing" column says what a direct payment to each one still needs.`,
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --limit 20 --cursor <nextCursor>',
    '<%= config.bin %> <%= command.id %> --all --output csv > counterparties.csv',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[] | select(.missing | length > 0) | .id"',
  ],
})
