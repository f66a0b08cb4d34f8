import {readFile} from 'node:fs/promises'
import {usageError} from '../../shared/errors.js'
import {readStdin} from '../../shared/stdin.js'

type Json = string | number | boolean | null | Json[] | {[key: string]: Json}

/**
 * gh api's -f/-F: `key=value` pairs that become the JSON body (or the query of a GET). -f keeps the value a
 * string; -F reads true, false, null and integers as JSON, and `@FILE` (`@-`: stdin) as the file's text.
 * `key[]=v` appends to an array, `a[b]=v` nests an object.
 */
export async function buildFields(raw: string[] = [], typed: string[] = []): Promise<Record<string, Json>> {
  const result: Record<string, Json> = {}
  for (const [pair, isTyped] of [...raw.map(p => [p, false] as const), ...typed.map(p => [p, true] as const)]) {
    const flag = isTyped ? '-F' : '-f'
    const at = pair.indexOf('=')
    if (at <= 0) throw usageError(`${flag} "${pair}" must look like key=value`)
    const path = keyPath(pair.slice(0, at), flag)
    const text = pair.slice(at + 1)
    assign(result, path, isTyped ? await typedValue(text, flag) : text, `${flag} ${pair}`)
  }
  return result
}

function keyPath(key: string, flag: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!match) throw usageError(`${flag}: "${key}" is not a key like name, tags[] or recipient[email]`)
  return [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map(m => m[1])]
}

function assign(target: Record<string, Json>, path: string[], value: Json, label: string): void {
  let node: Record<string, Json> | Json[] = target
  for (let i = 0; i < path.length; i++) {
    const key = path[i]
    const last = i === path.length - 1
    const nextIsArray = path[i + 1] === ''
    if (Array.isArray(node)) {
      if (key !== '') throw usageError(`${label}: cannot mix an array and an object at one key`)
      if (last) {
        node.push(value)
        return
      }
      const child: Json = nextIsArray ? [] : {}
      node.push(child)
      node = child as Json[] | Record<string, Json>
      continue
    }
    if (key === '') throw usageError(`${label}: "[]" must follow a key`)
    if (last) {
      node[key] = value
      return
    }
    const existing: Json | undefined = node[key]
    if (existing === undefined) {
      const child: Json = nextIsArray ? [] : {}
      node[key] = child
      node = child as Json[] | Record<string, Json>
    } else if (typeof existing === 'object' && existing !== null && Array.isArray(existing) === nextIsArray)
      node = existing
    else throw usageError(`${label}: "${key}" is already set to another kind of value`)
  }
}

async function typedValue(text: string, flag: string): Promise<Json> {
  if (text === 'true' || text === 'false' || text === 'null' || /^-?(0|[1-9]\d{0,14})$/.test(text))
    return JSON.parse(text)
  if (!text.startsWith('@')) return text
  if (text === '@-') return await readStdin()
  try {
    return await readFile(text.slice(1), 'utf8')
  } catch (error) {
    throw usageError(`${flag} ${text}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
}

/** Query values for a GET: scalars as text, arrays repeated; objects are refused (a query has no nesting). */
export function fieldsAsQuery(fields: Record<string, Json>): Record<string, string[]> {
  const query: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value]
    if (values.some(v => v !== null && typeof v === 'object'))
      throw usageError(`-f/-F ${key}: a query parameter cannot hold an object; send it in the body of a POST or PATCH`)
    query[key] = values.map(v => (v === null ? '' : String(v)))
  }
  return query
}
