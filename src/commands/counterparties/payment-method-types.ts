import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class CounterpartiesPaymentMethodTypes extends BaseCommand<typeof CounterpartiesPaymentMethodTypes> {
  static override result = 'paymentMethodTypes' as const
  static override summary = 'List payment-method types with their currencies and assets.'
  static override description =
    'Settlement currencies and payout assets can change at any time, so they are read from the service (GET /payment-method-types). "Fields" are what a counterparty\'s payment method of that type needs besides type and currency. --json prints the list.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<Answer<typeof CounterpartiesPaymentMethodTypes.result>> {
    const types = await (await this.client()).v2.counterparties.paymentMethodTypes()
    const {paymentMethodTypeColumns} = await import('../../cli/output/counterparty-view.js')
    return shown(types, {view: (rows, out) => out.table(rows, paymentMethodTypeColumns)})
  }
}
