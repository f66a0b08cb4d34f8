import {commandOf} from '../../cli/command-of.js'
import {outputFlag} from '../../cli/flags/common-flags.js'
import {payoutsList} from '../../operations/payouts/payouts-list.js'

export default commandOf(payoutsList, {
  result: 'payoutList',
  description: `Shows 50 payouts by default; --limit bounds the count and --all follows every page. With --all the list is streamed page by page, so exports of millions of rows keep memory flat (use --output jsonl or csv).

The list comes from v1 (offset pages; --offset and --order work there) unless --status, --cursor, --since-state or --api v2 is given: then it comes from v2 (cursor pages, the v2 representation, filtered by status). --limit and --all work the same for both. Every output shows a payout id as payout_<UUID> either way (a v1 document under --json keeps its other v1 fields). v1 has no failed state: a payout v1 shows requested is read from v2, and one whose transfer was declined is shown failed, with failureCode and failureReason.

--currency, --min-amount, --max-amount, --from and --before are client-side: the API has no such filters, so payctl reads the pages and keeps the payouts that pass; --limit counts the payouts read, not the matches (--all searches every page).

--since-state FILE (for cron jobs) reads the whole v2 list and prints only the payouts that are new or whose status or updatedAt changed since the last successful run recorded in FILE; FILE advances only after the output is written (docs/scripting.md, "Unattended runs").

--json is an array of the payouts, whichever generation. v2 output ends with the position on stderr: the cursor to continue from (also after a failure), or, on a terminal, the end of the list. A v1 export resumes with --offset when it lists oldest first (--order asc); a continued CSV export has no second header.

Safe to re-run (read only; --since-state advances its file only after a complete run).`,
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --limit 200 --order asc',
    '<%= config.bin %> <%= command.id %> --status created --status approved',
    '<%= config.bin %> <%= command.id %> --status created --currency EUR --max-amount 50 --all --quiet',
    '<%= config.bin %> <%= command.id %> --since-state /var/lib/payctl/payouts.state -o jsonl',
    '<%= config.bin %> <%= command.id %> --all --output csv > payouts.csv',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".[].id"',
  ],
  flags: {output: outputFlag},
  view: () => Promise.all([import('../../cli/output/item-stream.js'), import('../../cli/output/payout-view.js')]),
  show: (payouts, [{listed}, view], {flags}) => {
    const format = flags.output
    if (payouts.api === 'v1') return listed(payouts, {columns: view.payoutV1Columns, format})
    return listed(payouts, {columns: view.payoutV2Columns, format})
  },
})
