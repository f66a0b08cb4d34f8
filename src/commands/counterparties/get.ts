import {BaseCommand} from '../../cli/base-command.js'
import {counterpartyCustomIdFlag, counterpartyIdArg} from '../../cli/flags/counterparty-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class CounterpartiesGet extends BaseCommand<typeof CounterpartiesGet> {
  static override result = 'counterparty' as const
  static override summary = 'Show one counterparty.'
  static override description =
    'Takes a counterparty_<UUID> id or your own key with --custom-id. Shows identity, address, payment method, tax identity, and what a direct payment still needs ("missing"). --json prints the counterparty.'

  static override examples = [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi --json',
  ]

  static override args = {
    id: counterpartyIdArg,
  }

  static override flags = {
    'custom-id': counterpartyCustomIdFlag,
  }

  async run(): Promise<Answer<typeof CounterpartiesGet.result>> {
    const {counterpartyRef} = await import('../../services/counterparties/counterparty-service.js')
    const id = counterpartyRef(this.args.id, this.flags['custom-id'])
    const counterparty = await (await this.client()).v2.counterparties.get(id)
    const {showCounterparty} = await import('../../cli/output/counterparty-view.js')
    return shown(counterparty, {view: (got, out) => showCounterparty(out, got)})
  }
}
