import {BaseCommand} from '../../cli/base-command.js'
import {argsOf, flagsOf} from '../../cli/flags/flag-of.js'
import {type Answer, shownAnswer} from '../../cli/shown.js'
import {counterpartiesGet} from '../../operations/counterparties/counterparties-read.js'

export default class CounterpartiesGet extends BaseCommand<typeof CounterpartiesGet, 'counterparty'> {
  static override summary = counterpartiesGet.summary
  static override description =
    'Takes a counterparty_<UUID> id or your own key with --custom-id. Shows identity, address, payment method, tax identity, and what a direct payment still needs ("missing"). --json prints the counterparty.'

  static override examples = [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi --json',
  ]

  static override args = argsOf(counterpartiesGet.inputs)
  static override flags = flagsOf(counterpartiesGet.inputs)

  async run(): Promise<Answer<'counterparty'>> {
    const [got, {showCounterparty}] = await Promise.all([
      this.operate(counterpartiesGet),
      import('../../cli/output/counterparty-view.js'),
    ])
    return shownAnswer(got, {view: (counterparty, out) => showCounterparty(out, counterparty)})
  }
}
