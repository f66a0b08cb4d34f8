import {readFile} from 'node:fs/promises'
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../base-command.js'
import {type HttpMethod, pathProblem} from '../client/transport.js'
import {usageError} from '../errors.js'
import {idempotencyKeyFlag} from '../flags.js'
import {readStdin} from '../stdin.js'

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const

export default class Api extends BaseCommand<typeof Api> {
  static override summary = 'Send a raw request to the API and print the response body.'
  static override description =
    'Like `gh api`: authenticated with the profile, retried by the client rules, the exit code follows the HTTP status (see README "Exit codes"). -d takes JSON, @FILE or @- for stdin.'

  static override examples = [
    '<%= config.bin %> <%= command.id %> GET /api/v1/team',
    '<%= config.bin %> <%= command.id %> GET "/api/v2/transactions?limit=5"',
    `<%= config.bin %> <%= command.id %> POST /api/v2/payouts -d '{"description":"May","amount":"10.00","currency":"EUR","recipient":{"type":"email","email":"a@example.com"}}'`,
    '<%= config.bin %> <%= command.id %> POST /api/v2/payouts/approve -d @ids.json --idempotency-key 7d1c…',
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
    data: Flags.string({char: 'd', summary: 'Request body: JSON text, @FILE, or @- for stdin.'}),
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

    const response = await client.transport.request({
      method,
      path: pathname,
      query,
      body: await this.body(),
      headers,
      idempotencyKey: this.flags['idempotency-key'],
    })
    if (response.body === undefined) return
    if (typeof response.body === 'string') this.out.write(`${response.body}\n`)
    else this.out.printJson(response.body)
  }

  private async body(): Promise<unknown> {
    const data = this.flags.data
    if (data === undefined) return undefined
    let text = data
    if (data === '@-') text = await readStdin()
    else if (data.startsWith('@')) {
      try {
        text = await readFile(data.slice(1), 'utf8')
      } catch (error) {
        throw usageError(`--data ${data}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? error})`)
      }
    }
    try {
      return JSON.parse(text)
    } catch (error) {
      throw usageError(`--data is not valid JSON: ${(error as Error).message}`)
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
