import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shownAnswer} from '../../cli/shown.js'
import {counterpartiesCountries} from '../../operations/counterparties/counterparties-read.js'

export default class CounterpartiesCountries extends BaseCommand<typeof CounterpartiesCountries, 'countries'> {
  static override summary = counterpartiesCountries.summary
  static override description =
    'Tax rules can change at any time, so they are read from the service (GET /countries), never built in. The table lists the tax fields per identity type; * marks a required field. --json prints the list with every rule (patterns and descriptions).'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq \'.[] | select(.code == "DE")\'',
  ]

  async run(): Promise<Answer<'countries'>> {
    const [countries, {countryColumns}] = await Promise.all([
      this.operate(counterpartiesCountries),
      import('../../cli/output/counterparty-view.js'),
    ])
    return shownAnswer(countries, {
      view: async (rows, out) => {
        await out.table(rows, countryColumns)
        out.info('* = required')
      },
    })
  }
}
