import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shownAnswer} from '../../cli/shown.js'
import {counterpartiesPaymentMethodTypes} from '../../operations/counterparties/counterparties-read.js'

export default class CounterpartiesPaymentMethodTypes extends BaseCommand<
  typeof CounterpartiesPaymentMethodTypes,
  'paymentMethodTypes'
> {
  static override summary = counterpartiesPaymentMethodTypes.summary
  static override description =
    'Settlement currencies and payout assets can change at any time, so they are read from the service (GET /payment-method-types). "Fields" are what a counterparty\'s payment method of that type needs besides type and currency. --json prints the list.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<Answer<'paymentMethodTypes'>> {
    const [types, {paymentMethodTypeColumns}] = await Promise.all([
      this.operate(counterpartiesPaymentMethodTypes),
      import('../../cli/output/counterparty-view.js'),
    ])
    return shownAnswer(types, {view: (rows, out) => out.table(rows, paymentMethodTypeColumns)})
  }
}
