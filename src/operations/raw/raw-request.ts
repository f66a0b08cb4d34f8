import type {ApiResponse} from '../../client/transport.js'
import {apiMethod, buildApiRequest, METHODS} from '../../services/api/request.js'
import {idempotencyKeyInput} from '../inputs/common-inputs.js'
import {booleanInput, textInput} from '../inputs/field.js'
import {type ItemSource, itemSource} from '../item-source.js'
import {type Answered, operation} from '../operation.js'

export type {ApiResponse}

/** Every item of every page of a list, with a hook that sees each page's response before its items (`api -i`). */
export interface ApiPages extends ItemSource<unknown> {
  onResponse?: (response: ApiResponse) => void
}

/** `api`: one request to the API, authenticated with the profile; its answer, or every item of a list it pages. */
export const apiRequest = operation({
  id: 'api',
  summary: 'Send a raw request to the API and print the response body.',
  result: 'apiAnswer',
  inputs: {
    method: textInput({summary: `HTTP method: ${METHODS.join(', ')}.`, required: true, positional: true}),
    path: textInput({
      summary:
        'Path below the origin, e.g. /api/v1/team (a query string is allowed), or an absolute URL on the same origin.',
      required: true,
      positional: true,
    }),
    data: textInput({
      char: 'd',
      summary: 'Request body: JSON text, @FILE, or @- for stdin.',
      exclusive: ['input', 'field', 'raw-field'],
    }),
    input: textInput({summary: 'Request body: the JSON in FILE ("-" for stdin).', exclusive: ['data']}),
    'raw-field': textInput({
      char: 'f',
      summary: 'A string field key=value (repeatable; key[]=v appends, a[b]=v nests).',
      multiple: true,
    }),
    field: textInput({
      char: 'F',
      summary: 'A typed field key=value: true, false, null and integers as JSON, @FILE as its text (repeatable).',
      multiple: true,
    }),
    paginate: booleanInput({summary: 'Follow every page of a list; print each item as one JSON line.'}),
    include: booleanInput({char: 'i', summary: 'Print the HTTP status line and response headers first.'}),
    header: textInput({char: 'H', summary: 'Extra request header "Name: value" (repeatable).', multiple: true}),
    'idempotency-key': idempotencyKeyInput,
  },
  async run(input, context): Promise<(Answered<unknown> & {response: ApiResponse}) | ApiPages> {
    const [{apiPages, pageItems}, {watchedRead}, {READ_CANCELLED}] = await Promise.all([
      import('../../services/api/paginate.js'),
      import('../lists/watched-read.js'),
      import('../interrupt.js'),
    ])
    const method = apiMethod(input.method)
    const client = await context.session.client()
    const request = await buildApiRequest({...input, method, origin: client.transport.origin})
    if (method !== 'GET') await context.confirm({action: `send ${method} ${request.path}`, count: 1})
    const send = (query: Record<string, string[]>) =>
      client.transport.request({...request, query, idempotencyKey: input['idempotency-key']})
    if (!input.paginate) {
      const response = await send(request.query)
      return {value: response.body, response}
    }
    // Ctrl-C or SIGTERM cancels the page being read (and any retry wait); the run ends saying so (exit 130).
    let signal: AbortSignal | undefined
    const pages: ApiPages = itemSource<unknown>({
      around: render =>
        watchedRead({notice: READ_CANCELLED}, aborted => {
          signal = aborted
          return render()
        }),
      async *pages() {
        for await (const response of apiPages(send, request.query, signal)) {
          pages.onResponse?.(response)
          yield pageItems(response.body)
        }
      },
    })
    return pages
  },
})
