import {commandOf} from '../../cli/command-of.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {shownAnswer} from '../../cli/shown.js'
import {counterpartiesDelete} from '../../operations/counterparties/counterparties-write.js'

export default commandOf(counterpartiesDelete, {
  result: 'deleted',
  description:
    'A recipient-managed counterparty cannot be deleted (exit 5). Payouts to a deleted counterparty can no longer be paid directly until they are updated. On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise. --json prints the API answer ({"object", "id", "deleted": true}).',
  examples: [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi',
  ],
  flags: {yes: yesFlag},
  view: () => import('../../cli/output/counterparty-view.js'),
  show: (deleted, {deletedLine}) => shownAnswer(deleted, {view: (gone, out) => out.line(deletedLine(gone))}),
})
