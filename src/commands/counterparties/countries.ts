import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {counterpartiesCountries} from '../../operations/counterparties/counterparties-read.js'

export default commandOf(counterpartiesCountries, {
  result: 'countries',
  description:
    'Tax rules can change at any time, so they are read from the service (GET /countries), never built in. The table lists the tax fields per identity type; * marks a required field. --json prints the list with every rule (patterns and descriptions).',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq \'.[] | select(.code == "DE")\'',
  ],
  view: () => import('../../cli/output/counterparty-view.js'),
  show: (countries, {countryColumns}) =>
    shownAnswer(countries, {
      view: async (rows, out) => {
        await out.table(rows, countryColumns)
        out.info('* = required')
      },
    }),
})
