import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {counterpartiesPaymentMethodTypes} from '../../operations/counterparties/counterparties-read.js'

export default commandOf(counterpartiesPaymentMethodTypes, {
  result: 'paymentMethodTypes',
  description:
    'Settlement currencies and payout assets can change at any time, so they are read from the service (GET /payment-method-types). "Fields" are what a counterparty\'s payment method of that type needs besides type and currency. --json prints the list.',
  examples: ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json'],
  view: () => import('../../cli/output/counterparty-view.js'),
  show: (types, {paymentMethodTypeColumns}) =>
    shownAnswer(types, {view: (rows, out) => out.table(rows, paymentMethodTypeColumns)}),
})
