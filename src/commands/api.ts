import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../cli/base-command.js'
import {idempotencyKeyFlag, yesFlag} from '../cli/flags/common-flags.js'
import type {Answer} from '../cli/shown.js'
import {operations} from '../contract/operations.js'
import type {Query} from '../services/api/paginate.js'
import {apiMethod, buildApiRequest, METHODS} from '../services/api/request.js'

export default class Api extends BaseCommand<typeof Api> {
  static override result = 'apiAnswer' as const
  static override summary = 'Send a raw request to the API and print the response body.'
  static override description =
    `Like \`gh api\`: authenticated with the profile, retried by the client rules, the exit code follows the HTTP status (see README "Exit codes"). The body comes from -d (JSON, @FILE or @- for stdin), --input FILE, or -f/-F key=value fields (for a GET the fields become the query).

--paginate follows a v1 list (offset/limit, pages of 100) or a v2 list (nextCursor) and prints every item as one JSON line, page by page, so memory stays flat; --jq then runs on each item. -i prints the status line and the response headers first.

On a production profile every method but GET asks first (--yes in scripts), as money-moving commands do.

Safe to re-run for GET; a POST is safe to re-run only with the same --idempotency-key (v2) or customId (v1 payouts).`

  static override examples = [
    `<%= config.bin %> <%= command.id %> GET ${operations.getTeamV1.path}`,
    `<%= config.bin %> <%= command.id %> GET "${operations.listTransactions.path}?limit=5"`,
    `<%= config.bin %> <%= command.id %> POST ${operations.createPayoutV2.path} -d @payout.json`,
    `<%= config.bin %> <%= command.id %> POST ${operations.approvePayoutsV2.path} -d @ids.json --idempotency-key 7d1c…`,
    `<%= config.bin %> <%= command.id %> GET ${operations.listTransactions.path} --paginate -f type=deposit --jq .amount`,
    `<%= config.bin %> <%= command.id %> POST ${operations.createPayoutV2.path} -f description=May -f amount=10.00 -f currency=EUR -f recipient[type]=email -f recipient[email]=a@example.com`,
    `<%= config.bin %> <%= command.id %> GET ${operations.getTeamV1.path} -i`,
  ]

  static override args = {
    method: Args.string({required: true, description: `HTTP method: ${METHODS.join(', ')}.`}),
    path: Args.string({
      required: true,
      description:
        'Path below the origin, e.g. /api/v1/team (a query string is allowed), or an absolute URL on the same origin.',
    }),
  }

  static override flags = {
    data: Flags.string({
      char: 'd',
      summary: 'Request body: JSON text, @FILE, or @- for stdin.',
      exclusive: ['input', 'field', 'raw-field'],
    }),
    input: Flags.string({summary: 'Request body: the JSON in FILE ("-" for stdin).', exclusive: ['data']}),
    'raw-field': Flags.string({
      char: 'f',
      summary: 'A string field key=value (repeatable; key[]=v appends, a[b]=v nests).',
      multiple: true,
    }),
    field: Flags.string({
      char: 'F',
      summary: 'A typed field key=value: true, false, null and integers as JSON, @FILE as its text (repeatable).',
      multiple: true,
    }),
    paginate: Flags.boolean({summary: 'Follow every page of a list; print each item as one JSON line.'}),
    include: Flags.boolean({char: 'i', summary: 'Print the HTTP status line and response headers first.'}),
    header: Flags.string({char: 'H', summary: 'Extra request header "Name: value" (repeatable).', multiple: true}),
    'idempotency-key': idempotencyKeyFlag,
    yes: yesFlag,
  }

  async run(): Promise<Answer<typeof Api.result>> {
    const {flags} = this
    const method = apiMethod(this.args.method)
    const client = await this.client()
    const request = await buildApiRequest({...flags, method, path: this.args.path, origin: client.transport.origin})
    if (method !== 'GET') await this.confirmOnProduction({action: `send ${method} ${request.path}`, count: 1})
    const print = await import('../cli/output/api-response.js')
    const send = (query: Query) =>
      client.transport.request({...request, query, idempotencyKey: flags['idempotency-key']})
    if (!flags.paginate) return print.shownResponse(await send(request.query), flags.include)
    return print.pagesStream(this.out, send, request.query, flags.include)
  }
}
