import {readFile} from 'node:fs/promises'
import {type HttpMethod, pathProblem} from '../../client/transport.js'
import {usageError} from '../../shared/errors.js'
import {readStdin} from '../../shared/stdin.js'
import {errnoCode, messageOf} from '../../shared/thrown.js'
import {buildFields, fieldsAsQuery} from './fields.js'
import type {Query} from './paginate.js'

export const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const

/** The method argument, upper-cased; another one is a usage error. */
export function apiMethod(input: string): HttpMethod {
  const method = METHODS.find(known => known === input.toUpperCase())
  if (!method) throw usageError(`method "${input}" must be one of ${METHODS.join(', ')}`)
  return method
}

export interface ApiRequestInput {
  method: HttpMethod
  /** A path below the origin (a query string is allowed), or an absolute URL on the origin. */
  path: string
  origin: string
  /** -H "Name: value". */
  header?: string[]
  /** -f and -F key=value. */
  'raw-field'?: string[]
  field?: string[]
  /** -d: JSON text, @FILE or @-. */
  data?: string
  /** --input FILE (- for stdin). */
  input?: string
  paginate?: boolean
}

export interface ApiRequest {
  method: HttpMethod
  path: string
  query: Query
  body: unknown
  headers: Record<string, string>
}

/** The request `payctl api` sends (the input is named like its flags): -f/-F fields become the body, or the query of a GET, DELETE or a -d request. */
export async function buildApiRequest(input: ApiRequestInput): Promise<ApiRequest> {
  const {method} = input
  const [path, search] = sameOriginPath(input.path, input.origin).split(/\?(.*)/s, 2)
  const query: Query = {}
  for (const [name, value] of new URLSearchParams(search ?? '')) query[name] = [...(query[name] ?? []), value]
  const headers: Record<string, string> = {}
  for (const header of input.header ?? []) {
    const match = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(header)
    if (!match) throw usageError(`--header "${header}" must look like "Name: value"`)
    headers[match[1].toLowerCase()] = match[2]
  }
  const fields = await buildFields(input['raw-field'], input.field)
  const hasFields = Object.keys(fields).length > 0
  let body = await requestBody(input.data, input.input)
  if (hasFields && (method === 'GET' || method === 'DELETE' || body !== undefined))
    Object.assign(query, fieldsAsQuery(fields))
  else if (hasFields) body = fields
  if (input.paginate && method !== 'GET') throw usageError('--paginate follows GET lists only')
  return {method, path, query, body, headers}
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

/** -d (JSON text, @FILE, @-) or --input FILE (- for stdin), parsed as JSON. */
async function requestBody(data: string | undefined, input: string | undefined): Promise<unknown> {
  const source = input === undefined ? data : input === '-' ? '@-' : `@${input}`
  const flag = input === undefined ? '--data' : '--input'
  if (source === undefined) return undefined
  let text = source
  if (source === '@-') text = await readStdin()
  else if (source.startsWith('@')) {
    try {
      text = await readFile(source.slice(1), 'utf8')
    } catch (error) {
      throw usageError(`${flag} ${source.slice(1)}: cannot read the file (${errnoCode(error) ?? error})`)
    }
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw usageError(`${flag} is not valid JSON: ${messageOf(error)}`)
  }
}
