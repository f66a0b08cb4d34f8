import {BaseCommand} from '../../cli/base-command.js'
import {apiFlag, idsArgs, idsFlags, outputFlag} from '../../cli/flags/common-flags.js'
import {type Answer, shownItems} from '../../cli/shown.js'

export default class PayoutsGet extends BaseCommand<typeof PayoutsGet> {
  static override result = 'payoutOrPayouts' as const
  static override summary = 'Show one payout, or several.'
  static override description =
    `Takes a v1 UUID, a v2 payout_… id, or your own key with --custom-id. Shows the v2 representation; --api v1 shows the v1 one (creator handle, payout type).

With one payout the output is the record (--json: the object; -o tsv/csv/jsonl: one row). With several ids, --ids-file or "-" (stdin) the payouts are shown as a list (a table on a terminal; --json: an array, in the order given).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001',
    '<%= config.bin %> <%= command.id %> 0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --api v1 --json',
    '<%= config.bin %> <%= command.id %> --ids-file ids.txt --json',
  ]

  static override strict = false
  static override args = idsArgs

  static override flags = {
    ...idsFlags,
    api: apiFlag('v2'),
    output: outputFlag,
  }

  async run(): Promise<Answer<typeof PayoutsGet.result>> {
    const {collectPayoutKeys} = await import('../../services/payouts/ids-input.js')
    const {keys} = await collectPayoutKeys({
      args: this.argvAll,
      customIds: this.flags['custom-id'],
      idsFile: this.flags['ids-file'],
    })
    const many = keys.length > 1 || this.flags['ids-file'] !== undefined || this.argvAll.includes('-')
    const client = await this.client()
    const [{readEach}, view] = await Promise.all([
      import('../../cli/workflows/read-each.js'),
      import('../../cli/output/payout-view.js'),
    ])
    const show = {single: !many, format: this.flags.output}
    if (this.flags.api === 'v1') {
      const payouts = await readEach(keys, async key =>
        view.withPayoutId(
          await (key.kind === 'id' ? client.v1.payouts.get(key.v1) : client.v1.payouts.get(key.customId, 'custom_id')),
        ),
      )
      return shownItems(payouts, {
        ...show,
        columns: view.payoutV1Columns,
        view: (p, out) => view.showPayoutV1(out, p),
      })
    }
    const {getV2NamingDeleted} = await import('../../services/payouts/deleted-payout.js')
    const payouts = await readEach(keys, key => getV2NamingDeleted(client, key))
    const {shownDestinations} = await import('../../cli/workflows/payout-destinations.js')
    const destinations = await shownDestinations(this.out, client, payouts, () => this.agentChanges())
    return shownItems(payouts, {
      ...show,
      columns: view.payoutV2Columns,
      view: (p, out) => view.showPayoutV2(out, p, destinations[p.id]),
    })
  }
}
