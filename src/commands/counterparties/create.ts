import {commandOf} from '../../cli/command-of.js'
import {shownSaved} from '../../cli/shown.js'
import {counterpartiesCreate} from '../../operations/counterparties/counterparties-write.js'

export default commandOf(counterpartiesCreate, {
  result: 'counterparty',
  description: `Needs an identity (--first-name, --last-name; --identity-type defaults to individual) and an address (--line1, --city, --postal-code, --country). A payment method and a tax identity are optional: without them the counterparty still exists and its "missing" list says what a direct payment still needs.

The body can also come from --from-file (JSON with the API's field names, "-" for stdin); flags given too override the file's values. Before anything is sent, the tax identity is checked against the rules GET /countries publishes for the address country and identity type, so a failing rule is reported by name (exit 6); --skip-tax-check leaves that to the service.

At a terminal without --from-file, the identity and address fields left out are asked for, each answer checked as it is typed, and a summary is shown before anything is sent. With --json, or without a terminal, the command exits 2 naming the missing flags.

--json prints the counterparty.`,
  examples: [
    '<%= config.bin %> <%= command.id %> --first-name Maria --last-name Rossi --email maria@example.com --line1 "Via Roma 1" --city Milano --postal-code 20121 --country IT',
    '<%= config.bin %> <%= command.id %> --first-name Jan --last-name Berg --line1 "Hauptstr. 5" --city Berlin --postal-code 10115 --country DE --payment-method bank_iban --iban DE89370400440532013000 --payment-currency EUR --tax-id 12345678901 --date-of-birth 1990-04-30',
    '<%= config.bin %> <%= command.id %> --from-file maria.json --custom-id maria-rossi',
  ],
  view: () => import('../../cli/output/counterparty-view.js'),
  show: (created, {showCounterparty}) => shownSaved(created, 'Created counterparty', showCounterparty),
})
