import {usageError} from '../../shared/errors.js'

const PLACEHOLDER = /\{\{\s*(\.[A-Za-z0-9_.]*)\s*\}\}/g

/**
 * A --template: text with `{{.field}}` or `{{.nested.field}}` placeholders (`{{.}}` is the whole value),
 * rendered once per item of a list or once for a single object, each followed by a newline. `\t` and `\n`
 * in the template stand for a tab and a newline. Strings print raw, other values as JSON, absent ones empty.
 */
export function compileTemplate(template: string): (value: unknown) => string {
  const stray = template.replace(PLACEHOLDER, '').match(/\{\{[^}]*\}\}/)
  if (stray) throw usageError(`--template: "${stray[0]}" is not a placeholder like {{.id}} or {{.amount}}`)
  const text = template.replace(/\\t/g, '\t').replace(/\\n/g, '\n')
  return value => `${text.replace(PLACEHOLDER, (_, path: string) => show(lookup(value, path)))}\n`
}

function lookup(value: unknown, path: string): unknown {
  let current = value
  for (const key of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

const show = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)
