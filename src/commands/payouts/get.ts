import {apiFlag, customIdsFlag, idsFileFlag} from '../../cli/flags/common-flags.js'
import {idsArgs, PayoutBatchCommand} from '../../cli/payout-batch-command.js'

export default class PayoutsGet extends PayoutBatchCommand<typeof PayoutsGet> {
  static override summary = 'Show one payout, or several.'
  static override description =
    `Takes a v1 UUID, a v2 payout_… id, or your own key with --custom-id. Shows the v2 representation; --api v1 shows the v1 one (creator handle, payout type).

With one payout the output is the record (--json: the object). With several ids, --ids-file or "-" (stdin) the payouts are shown as a table (--json: an array, in the order given).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001',
    '<%= config.bin %> <%= command.id %> 0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --api v1 --json',
    '<%= config.bin %> <%= command.id %> --ids-file ids.txt --json',
  ]

  static override args = idsArgs

  static override flags = {
    'custom-id': customIdsFlag,
    'ids-file': idsFileFlag,
    api: apiFlag('v2'),
  }

  async run(): Promise<void> {
    const {collectPayoutKeys} = await import('../../services/payouts/ids-input.js')
    const {keys} = await collectPayoutKeys({
      args: this.argvAll,
      customIds: this.flags['custom-id'],
      idsFile: this.flags['ids-file'],
    })
    const many = keys.length > 1 || this.flags['ids-file'] !== undefined || this.argvAll.includes('-')
    const client = await this.client()
    const [{mapLimit}, view] = await Promise.all([
      import('../../services/payouts/actions.js'),
      import('../../cli/output/payout-view.js'),
    ])
    if (this.flags.api === 'v1') {
      const payouts = await mapLimit(keys, 8, key =>
        key.kind === 'id' ? client.v1.payouts.get(key.v1) : client.v1.payouts.get(key.customId, 'custom_id'),
      )
      if (this.flags.json) return this.out.printJson(many ? payouts : payouts[0])
      if (many) return this.out.table(payouts, view.payoutV1Columns)
      return view.showPayoutV1(this.out, payouts[0])
    }
    const payouts = await mapLimit(keys, 8, key => client.v2.payouts.get(key.v2))
    if (this.flags.json) return this.out.printJson(many ? payouts : payouts[0])
    if (many) return this.out.table(payouts, view.payoutV2Columns)
    view.showPayoutV2(this.out, payouts[0])
  }
}
