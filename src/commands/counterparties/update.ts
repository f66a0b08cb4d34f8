import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {counterpartyCustomIdFlag, counterpartyFlags, counterpartyIdArg} from '../../cli/flags/counterparty-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class CounterpartiesUpdate extends BaseCommand<typeof CounterpartiesUpdate> {
  static override result = 'counterparty' as const
  static override summary = 'Change a counterparty.'
  static override description =
    `Only the fields you give change. A group you touch (identity, address, payment method, tax identity) is sent whole, merged onto its current values, so --city Berlin keeps the rest of the address. --clear-payment-method and --clear-tax-identity remove those groups. A recipient-managed counterparty cannot be changed (exit 5).

The tax identity is checked against GET /countries first (--skip-tax-check leaves that to the service). --json prints the updated counterparty.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --email maria.rossi@example.com',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi --payment-method bank_iban --iban IT60X0542811101000000123456 --payment-currency EUR',
  ]

  static override args = {
    id: counterpartyIdArg,
  }

  static override flags = {
    'custom-id': counterpartyCustomIdFlag,
    'set-custom-id': Flags.string({summary: 'Give the counterparty this customId.'}),
    ...counterpartyFlags,
    'clear-payment-method': Flags.boolean({
      summary: 'Remove the payment method.',
      helpGroup: 'PAYMENT METHOD',
      exclusive: ['payment-method', 'payment-currency', 'iban'],
    }),
    'clear-tax-identity': Flags.boolean({
      summary: 'Remove the tax identity.',
      helpGroup: 'TAX IDENTITY',
      exclusive: ['tax-id', 'vat-number', 'date-of-birth'],
    }),
  }

  async run(): Promise<Answer<typeof CounterpartiesUpdate.result>> {
    const f = this.flags
    const [{counterpartyRef, checkTaxRules}, {buildUpdateBody}] = await Promise.all([
      import('../../services/counterparties/counterparty-service.js'),
      import('../../services/counterparties/counterparty-input.js'),
    ])
    const id = counterpartyRef(this.args.id, f['custom-id'])
    const client = await this.client()
    const {patch, merged} = await buildUpdateBody({...f, 'custom-id': f['set-custom-id']}, () =>
      client.v2.counterparties.get(id),
    )
    // A new tax identity, address or identity type can break a tax rule: check the merged result first.
    if (!f['skip-tax-check'] && (patch.taxIdentity || patch.address || patch.identity))
      await checkTaxRules(client, merged)
    const counterparty = await client.v2.counterparties.update(id, patch)
    const {showCounterparty} = await import('../../cli/output/counterparty-view.js')
    return shown(counterparty, {
      view: (saved, out) => {
        out.line(`Updated counterparty ${saved.id}`)
        showCounterparty(out, saved)
      },
    })
  }
}
