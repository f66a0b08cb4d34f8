import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {counterpartiesGet} from '../../operations/counterparties/counterparties-read.js'

export default commandOf(counterpartiesGet, {
  result: 'counterparty',
  description:
    'Takes a counterparty_<UUID> id or your own key with --custom-id. Shows identity, address, payment method, tax identity, and what a direct payment still needs ("missing"). --json prints the counterparty.',
  examples: [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi --json',
  ],
  view: () => import('../../cli/output/counterparty-view.js'),
  show: (got, {showCounterparty}) =>
    shownAnswer(got, {view: (counterparty, out) => showCounterparty(out, counterparty)}),
})
