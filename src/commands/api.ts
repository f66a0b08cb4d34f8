import {readFile} from 'node:fs/promises'
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../cli/base-command.js'
import {type ApiResponse, type HttpMethod, pathProblem} from '../client/transport.js'
import {usageError} from '../shared/errors.js'
import {idempotencyKeyFlag} from '../cli/flags/common-flags.js'
import {readStdin} from '../shared/stdin.js'

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const

export default class Api extends BaseCommand<typeof Api> {
  static override summary = 'Send a raw request to the API and print the response body.'
  static override description =
    `Like \`gh api\`: authenticated with the profile, retried by the client rules, the exit code follows the HTTP status (see README "Exit codes"). The body comes from -d (JSON, @FILE or @- for stdin), --input FILE, or -f/-F key=value fields (for a GET the fields become the query).

--paginate follows a v1 list (offset/limit, pages of 100) or a v2 list (nextCursor) and prints every item as one JSON line, page by page, so memory stays flat; --jq then runs on each item. -i prints the status line and the response headers first.

Safe to re-run for GET; a POST is safe to re-run only with the same --idempotency-key (v2) or customId (v1 payouts).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> GET /api/v1/team',
    '<%= config.bin %> <%= command.id %> GET "/api/v2/transactions?limit=5"',
    `<%= config.bin %> <%= command.id %> POST /api/v2/payouts -d '{"description":"May","amount":"10.00","currency":"EUR","recipient":{"type":"email","email":"a@example.com"}}'`,
    '<%= config.bin %> <%= command.id %> POST /api/v2/payouts/approve -d @ids.json --idempotency-key 7d1c…',
    '<%= config.bin %> <%= command.id %> GET /api/v2/transactions --paginate -f type=deposit --jq .amount',
    '<%= config.bin %> <%= command.id %> POST /api/v2/payouts -f description=May -f amount=10.00 -f currency=EUR -f recipient[type]=email -f recipient[email]=a@example.com',
    '<%= config.bin %> <%= command.id %> GET /api/v1/team -i',
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
  }

  async run(): Promise<void> {
    const method = this.args.method.toUpperCase() as HttpMethod
    if (!(METHODS as readonly string[]).includes(method))
      throw usageError(`method "${this.args.method}" must be one of ${METHODS.join(', ')}`)
    const client = await this.client()
    const [pathname, search] = sameOriginPath(this.args.path, client.transport.origin).split(/\?(.*)/s, 2)
    const query: Record<string, string[]> = {}
    for (const [name, value] of new URLSearchParams(search ?? '')) query[name] = [...(query[name] ?? []), value]

    const headers: Record<string, string> = {}
    for (const header of this.flags.header ?? []) {
      const match = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(header)
      if (!match) throw usageError(`--header "${header}" must look like "Name: value"`)
      headers[match[1].toLowerCase()] = match[2]
    }

    const {buildFields, fieldsAsQuery} = await import('../services/api/fields.js')
    const fields = await buildFields(this.flags['raw-field'], this.flags.field)
    const hasFields = Object.keys(fields).length > 0
    let body = await this.body()
    if (hasFields && (method === 'GET' || method === 'DELETE' || body !== undefined))
      Object.assign(query, fieldsAsQuery(fields))
    else if (hasFields) body = fields
    if (this.flags.paginate && method !== 'GET') throw usageError('--paginate follows GET lists only')

    const send = (pageQuery: Record<string, string[]>) =>
      client.transport.request({
        method,
        path: pathname,
        query: pageQuery,
        body,
        headers,
        idempotencyKey: this.flags['idempotency-key'],
      })
    if (!this.flags.paginate) return this.show(await send(query))
    const {apiPages, pageItems} = await import('../services/api/paginate.js')
    for await (const response of apiPages(send, query)) {
      if (this.flags.include) this.showHeaders(response)
      for (const item of pageItems(response.body)) this.out.jsonLine(item)
    }
  }

  private show(response: ApiResponse): void {
    if (this.flags.include) this.showHeaders(response)
    if (response.body === undefined) return
    if (typeof response.body === 'string') this.out.write(`${response.body}\n`)
    else this.out.printJson(response.body)
  }

  private showHeaders(response: ApiResponse): void {
    this.out.write(`HTTP ${response.status}\n`)
    for (const [name, value] of Object.entries(response.headers))
      for (const item of Array.isArray(value) ? value : [value ?? '']) this.out.write(`${name}: ${item}\n`)
    this.out.write('\n')
  }

  private async body(): Promise<unknown> {
    const {data, input} = this.flags
    const source = input === undefined ? data : input === '-' ? '@-' : `@${input}`
    const flag = input === undefined ? '--data' : '--input'
    if (source === undefined) return undefined
    let text = source
    if (source === '@-') text = await readStdin()
    else if (source.startsWith('@')) {
      try {
        text = await readFile(source.slice(1), 'utf8')
      } catch (error) {
        throw usageError(
          `${flag} ${source.slice(1)}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? error})`,
        )
      }
    }
    try {
      return JSON.parse(text)
    } catch (error) {
      throw usageError(`${flag} is not valid JSON: ${(error as Error).message}`)
    }
  }
}

/** A path below the origin; an absolute URL is accepted only on the profile's own origin (exit 2 otherwise). */
function sameOriginPath(input: string, origin: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(input)) {
    let url: URL
    try {
      url = new URL(input)
    } catch {
      throw usageError(`path "${input}" is not a valid URL`)
    }
    if (url.origin !== origin)
      throw usageError(`"${input}" is not on the profile's origin ${origin}; payctl api sends credentials only there`)
    return `${url.pathname}${url.search}`
  }
  const problem = pathProblem(input)
  if (problem) throw usageError(problem)
  return input
}
