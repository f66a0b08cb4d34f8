import {commandOf} from '../../cli/command-of.js'
import {shownSaved} from '../../cli/shown.js'
import {counterpartiesUpdate} from '../../operations/counterparties/counterparties-write.js'

export default commandOf(counterpartiesUpdate, {
  result: 'counterparty',
  description: `Only the fields you give change. A group you touch (identity, address, payment method, tax identity) is sent whole, merged onto its current values, so --city Berlin keeps the rest of the address. --clear-payment-method and --clear-tax-identity remove those groups. A recipient-managed counterparty cannot be changed (exit 5).

The tax identity is checked against GET /countries first (--skip-tax-check leaves that to the service). --json prints the updated counterparty.`,
  examples: [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --email maria.rossi@example.com',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi --payment-method bank_iban --iban IT60X0542811101000000123456 --payment-currency EUR',
  ],
  view: () => import('../../cli/output/counterparty-view.js'),
  show: (updated, {showCounterparty}) => shownSaved(updated, 'Updated counterparty', showCounterparty),
})
