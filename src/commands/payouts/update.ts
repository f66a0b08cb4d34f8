import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {
  allowConfusableFlag,
  amountFlag,
  currencyFlag,
  customIdFlag,
  emailFlag,
  freeTextFlag,
  phoneFlag,
} from '../../cli/flags/common-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class PayoutsUpdate extends BaseCommand<typeof PayoutsUpdate> {
  static override result = 'payoutV2' as const
  static override summary = 'Change a payout that is still pending.'
  static override description =
    `Only the fields you give change. A new recipient (--email, --phone or --counterparty) replaces the old one as a whole; --tag replaces the tags (--clear-tags removes them). Once a payout is approved it can no longer be changed (exit 5).

--json prints the updated payout.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --amount 130.00',
    '<%= config.bin %> <%= command.id %> --custom-id inv-2026-10-maria --email maria.new@example.com --description "October royalties (corrected)"',
  ]

  static override args = {
    id: Args.string({description: 'Payout id: a UUID or payout_<UUID>.'}),
  }

  static override flags = {
    'custom-id': customIdFlag,
    amount: amountFlag({summary: 'New amount as a decimal string.'}),
    currency: currencyFlag({summary: 'New currency code.'}),
    description: freeTextFlag({summary: 'New description.'}),
    email: emailFlag({summary: 'New recipient: this e-mail address.', exclusive: ['phone', 'counterparty']}),
    phone: phoneFlag({summary: 'New recipient: this phone number.', exclusive: ['email', 'counterparty']}),
    counterparty: Flags.string({summary: 'New recipient: this counterparty.', exclusive: ['email', 'phone']}),
    'allow-confusable': allowConfusableFlag,
    'set-custom-id': Flags.string({summary: 'Give the payout this customId.'}),
    tag: Flags.string({summary: 'Replace the tags (repeatable).', multiple: true, multipleNonGreedy: true}),
    'clear-tags': Flags.boolean({summary: 'Remove every tag.', exclusive: ['tag']}),
  }

  async run(): Promise<Answer<typeof PayoutsUpdate.result>> {
    const f = this.flags
    const [{singlePayoutKey}, {planUpdate}] = await Promise.all([
      import('../../services/payouts/ids-input.js'),
      import('../../services/payouts/payout-plans.js'),
    ])
    const key = singlePayoutKey(this.args.id, f['custom-id'])
    const patch = planUpdate({
      amount: f.amount,
      currency: f.currency,
      description: f.description,
      email: f.email,
      phone: f.phone,
      counterparty: f.counterparty,
      customId: f['set-custom-id'],
      tags: f['clear-tags'] ? [] : f.tag,
      allowConfusable: f['allow-confusable'],
    })
    const client = await this.client()
    const payout = await client.v2.payouts.update(key.v2, patch)
    const {showPayoutV2} = await import('../../cli/output/payout-view.js')
    return shown(payout, {
      view: (updated, out) => {
        out.line(`Updated payout ${updated.id}`)
        showPayoutV2(out, updated)
      },
    })
  }
}
