import {BaseCommand} from '../../cli/base-command.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {argsOf, flagsOf} from '../../cli/flags/flag-of.js'
import {type Answer, shownAnswer} from '../../cli/shown.js'
import {counterpartiesDelete} from '../../operations/counterparties/counterparties-write.js'

export default class CounterpartiesDelete extends BaseCommand<typeof CounterpartiesDelete, 'deleted'> {
  static override summary = counterpartiesDelete.summary
  static override description =
    'A recipient-managed counterparty cannot be deleted (exit 5). Payouts to a deleted counterparty can no longer be paid directly until they are updated. On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise. --json prints the API answer ({"object", "id", "deleted": true}).'

  static override examples = [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi',
  ]

  static override args = argsOf(counterpartiesDelete.inputs)
  static override flags = {...flagsOf(counterpartiesDelete.inputs), yes: yesFlag}

  async run(): Promise<Answer<'deleted'>> {
    const deleted = await this.operate(counterpartiesDelete)
    return shownAnswer(deleted, {view: (gone, out) => out.line(`Deleted counterparty ${gone.id}`)})
  }
}
