import {commandOf} from '../../cli/command-of.js'
import {outputFlag} from '../../cli/flags/common-flags.js'
import {shownItems} from '../../cli/shown.js'
import {payoutsGet} from '../../operations/payouts/payouts-get.js'

export default commandOf(payoutsGet, {
  result: 'payoutOrPayouts',
  description: `Takes a v1 UUID, a v2 payout_… id, or your own key with --custom-id. Shows the v2 representation; --api v1 shows the v1 one (creator handle, payout type).

With one payout the output is the record (--json: the object; -o tsv/csv/jsonl: one row). With several ids, --ids-file or "-" (stdin) the payouts are shown as a list (a table on a terminal; --json: an array, in the order given).`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001',
    '<%= config.bin %> <%= command.id %> 0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --api v1 --json',
    '<%= config.bin %> <%= command.id %> --ids-file ids.txt --json',
  ],
  flags: {output: outputFlag},
  view: () => import('../../cli/output/payout-view.js'),
  show: (got, view, {flags}) => {
    const show = {single: got.single, format: flags.output}
    if (got.api === 'v1')
      return shownItems(got.items, {
        ...show,
        columns: view.payoutV1Columns,
        view: (p, out) => view.showPayoutV1(out, p),
      })
    return shownItems(got.items, {
      ...show,
      columns: view.payoutV2Columns,
      view: (p, out) => view.showPayoutV2(out, p, got.destinations[p.id]),
    })
  },
})
