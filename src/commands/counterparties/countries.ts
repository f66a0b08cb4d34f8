import {BaseCommand} from '../../cli/base-command.js'

export default class CounterpartiesCountries extends BaseCommand<typeof CounterpartiesCountries> {
  static override summary = 'List supported countries and the tax fields each needs.'
  static override description =
    'Tax rules can change at any time, so they are read from the service (GET /countries), never built in. The table lists the tax fields per identity type; * marks a required field. --json prints the list with every rule (patterns and descriptions).'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq \'.[] | select(.code == "DE")\'',
  ]

  async run(): Promise<void> {
    const countries = await (await this.client()).v2.counterparties.countries()
    if (this.flags.json) return this.out.printJson(countries)
    const {countryColumns} = await import('../../cli/output/counterparty-view.js')
    await this.out.table(countries, countryColumns)
    this.out.info('* = required')
  }
}
