import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class CounterpartiesCountries extends BaseCommand<typeof CounterpartiesCountries> {
  static override result = 'countries' as const
  static override summary = 'List supported countries and the tax fields each needs.'
  static override description =
    'Tax rules can change at any time, so they are read from the service (GET /countries), never built in. The table lists the tax fields per identity type; * marks a required field. --json prints the list with every rule (patterns and descriptions).'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq \'.[] | select(.code == "DE")\'',
  ]

  async run(): Promise<Answer<typeof CounterpartiesCountries.result>> {
    const countries = await (await this.client()).v2.counterparties.countries()
    const {countryColumns} = await import('../../cli/output/counterparty-view.js')
    return shown(countries, {
      view: async (rows, out) => {
        await out.table(rows, countryColumns)
        out.info('* = required')
      },
    })
  }
}
