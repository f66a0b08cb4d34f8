import {BaseCommand} from '../../cli/base-command.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {counterpartyCustomIdFlag, counterpartyIdArg} from '../../cli/flags/counterparty-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class CounterpartiesDelete extends BaseCommand<typeof CounterpartiesDelete> {
  static override result = 'deleted' as const
  static override summary = 'Delete a counterparty.'
  static override description =
    'A recipient-managed counterparty cannot be deleted (exit 5). Payouts to a deleted counterparty can no longer be paid directly until they are updated. On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise. --json prints the API answer ({"object", "id", "deleted": true}).'

  static override examples = [
    '<%= config.bin %> <%= command.id %> counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id maria-rossi',
  ]

  static override args = {
    id: counterpartyIdArg,
  }

  static override flags = {
    'custom-id': counterpartyCustomIdFlag,
    yes: yesFlag,
  }

  async run(): Promise<Answer<typeof CounterpartiesDelete.result>> {
    const {counterpartyRef} = await import('../../services/counterparties/counterparty-service.js')
    const id = counterpartyRef(this.args.id, this.flags['custom-id'])
    await this.confirmOnProduction({action: `delete counterparty ${id}`, count: 1})
    const result = await (await this.client()).v2.counterparties.delete(id)
    return shown(result, {view: (deleted, out) => out.line(`Deleted counterparty ${deleted.id}`)})
  }
}
