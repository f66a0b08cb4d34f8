import {readFile} from 'node:fs/promises'
import {usageError} from '../../shared/errors.js'
import {readStdin} from '../../shared/stdin.js'
import {errnoCode} from '../../shared/thrown.js'

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

type Container = Record<string, Json> | Json[]

function assign(target: Record<string, Json>, path: string[], value: Json, label: string): void {
  let node: Container = target
  for (let i = 0; i < path.length - 1; i++) node = descend(node, path[i], path[i + 1] === '', label)
  checkKey(node, path[path.length - 1], label)
  if (Array.isArray(node)) node.push(value)
  else node[path[path.length - 1]] = value
}

/** The container at `key` below `node` (`''`: a new array element), created when missing. */
function descend(node: Container, key: string, nextIsArray: boolean, label: string): Container {
  checkKey(node, key, label)
  if (Array.isArray(node)) {
    const child = newContainer(nextIsArray)
    node.push(child)
    return child
  }
  const existing: Json | undefined = node[key]
  if (existing === undefined) {
    const child = newContainer(nextIsArray)
    node[key] = child
    return child
  }
  if (typeof existing === 'object' && existing !== null && Array.isArray(existing) === nextIsArray) return existing
  throw usageError(`${label}: "${key}" is already set to another kind of value`)
}

function checkKey(node: Container, key: string, label: string): void {
  if (Array.isArray(node) && key !== '') throw usageError(`${label}: cannot mix an array and an object at one key`)
  if (!Array.isArray(node) && key === '') throw usageError(`${label}: "[]" must follow a key`)
}

const newContainer = (array: boolean): Container => (array ? [] : {})

async function typedValue(text: string, flag: string): Promise<Json> {
  if (text === 'true' || text === 'false' || text === 'null' || /^-?(0|[1-9]\d{0,14})$/.test(text))
    return JSON.parse(text)
  if (!text.startsWith('@')) return text
  if (text === '@-') return await readStdin()
  try {
    return await readFile(text.slice(1), 'utf8')
  } catch (error) {
    throw usageError(`${flag} ${text}: cannot read the file (${errnoCode(error) ?? error})`)
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
