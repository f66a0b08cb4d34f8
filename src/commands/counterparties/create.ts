import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {idempotencyKeyFlag} from '../../cli/flags/common-flags.js'
import {counterpartyFlags} from '../../cli/flags/counterparty-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class CounterpartiesCreate extends BaseCommand<typeof CounterpartiesCreate> {
  static override result = 'counterparty' as const
  static override summary = 'Create a counterparty: a recipient your team pays directly.'
  static override description =
    `Needs an identity (--first-name, --last-name; --identity-type defaults to individual) and an address (--line1, --city, --postal-code, --country). A payment method and a tax identity are optional: without them the counterparty still exists and its "missing" list says what a direct payment still needs.

The body can also come from --from-file (JSON with the API's field names, "-" for stdin); flags given too override the file's values. Before anything is sent, the tax identity is checked against the rules GET /countries publishes for the address country and identity type, so a failing rule is reported by name (exit 6); --skip-tax-check leaves that to the service.

At a terminal without --from-file, the identity and address fields left out are asked for, each answer checked as it is typed, and a summary is shown before anything is sent. With --json, or without a terminal, the command exits 2 naming the missing flags.

--json prints the counterparty.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --first-name Maria --last-name Rossi --email maria@example.com --line1 "Via Roma 1" --city Milano --postal-code 20121 --country IT',
    '<%= config.bin %> <%= command.id %> --first-name Jan --last-name Berg --line1 "Hauptstr. 5" --city Berlin --postal-code 10115 --country DE --payment-method bank_iban --iban DE89370400440532013000 --payment-currency EUR --tax-id 12345678901 --date-of-birth 1990-04-30',
    '<%= config.bin %> <%= command.id %> --from-file maria.json --custom-id maria-rossi',
  ]

  static override flags = {
    ...counterpartyFlags,
    'custom-id': Flags.string({summary: 'Your own unique key for the counterparty.'}),
    'idempotency-key': idempotencyKeyFlag,
  }

  async run(): Promise<Answer<typeof CounterpartiesCreate.result>> {
    const f = this.flags
    const {buildCreateBody} = await import('../../services/counterparties/counterparty-input.js')
    const body = await buildCreateBody(f)
    const client = await this.client()
    if (!f['skip-tax-check']) {
      const {checkTaxRules} = await import('../../services/counterparties/counterparty-service.js')
      await checkTaxRules(client, body as unknown as Record<string, unknown>)
    }
    const [{createCounterparty}, {runWithKeptKeys}, {showCounterparty}] = await Promise.all([
      import('../../services/counterparties/create-counterparty.js'),
      import('../../cli/workflows/kept-key-run.js'),
      import('../../cli/output/counterparty-view.js'),
    ])
    const context = {dataDir: this.config.dataDir, origin: client.transport.origin, out: this.out}
    const counterparty = await runWithKeptKeys(context, run =>
      createCounterparty(client, body, {idempotencyKey: f['idempotency-key'], ...run}),
    )
    return shown(counterparty, {
      view: (saved, out) => {
        out.line(`Created counterparty ${saved.id}`)
        showCounterparty(out, saved)
      },
    })
  }
}
