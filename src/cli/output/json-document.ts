import {usageError} from '../../shared/errors.js'
import {terminalSafe} from '../../shared/terminal-safe.js'
import {idsOf, pickFields} from './script.js'
import type {TextOut} from './text-out.js'

/** What --template and --jq print: terminal-safe on a terminal, exact in a pipe or file. */
const scripted = (out: TextOut, text: string) => (out.stdoutIsTTY ? terminalSafe(text, {lines: true}) : text)

function writeLines(out: TextOut, text: string): void {
  if (text) out.write(scripted(out, text.endsWith('\n') ? text : `${text}\n`))
}

/** Refuses a --fields name that neither `known` nor the data has: exit 2, naming the valid ones, before any output. */
export function checkFields(out: TextOut, value: unknown, known: string[] = []): void {
  const fields = out.script.fields
  if (!fields) return
  const names = new Set(known)
  for (const item of Array.isArray(value) ? value : [value])
    if (item && typeof item === 'object') for (const key of Object.keys(item)) names.add(key)
  if (names.size === 0) return
  const unknown = fields.find(field => !names.has(field))
  if (unknown) throw usageError(`--fields: "${unknown}" is not a field here; choose from ${[...names].join(', ')}`)
}

/**
 * A JSON document on stdout, shaped by --quiet (ids only), --fields, then --jq or --template. `known`: field
 * names valid here beside those the document has (optional ones it may lack).
 */
export function printDocument(out: TextOut, value: unknown, options: {known?: string[]} = {}): void {
  const {quiet, fields, jq, template} = out.script
  checkFields(out, value, options.known)
  if (quiet) {
    for (const id of idsOf(value)) out.write(`${id}\n`)
    return
  }
  const shown = fields ? pickFields(value, fields) : value
  if (jq) writeLines(out, jq.apply(shown))
  else if (template) for (const item of Array.isArray(shown) ? shown : [shown]) out.write(scripted(out, template(item)))
  else out.write(`${out.jsonText(JSON.stringify(shown, null, 2))}\n`)
}

/** One JSON value as one line (a stream of events or rows), shaped like printDocument. */
export function jsonLine(out: TextOut, value: unknown): void {
  const {quiet, fields, jq, template} = out.script
  if (quiet) {
    printDocument(out, value)
    return
  }
  const shown = fields ? pickFields(value, fields) : value
  if (jq) writeLines(out, jq.apply(shown))
  else if (template) out.write(scripted(out, template(shown)))
  else out.write(`${out.jsonText(JSON.stringify(shown))}\n`)
}
