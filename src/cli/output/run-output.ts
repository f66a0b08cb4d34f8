import {usageError} from '../../shared/errors.js'
import type {ListFormat} from './columns.js'
import {Output} from './output.js'
import type {ScriptOptions} from './script.js'

/** The global flags that shape what a run prints (src/cli/flags/global-flags.ts), as parsed. */
export interface OutputFlags {
  json?: boolean
  jq?: string
  template?: string
  fields?: string
  quiet?: boolean
  output?: ListFormat
  'csv-formulas'?: boolean
  color?: boolean
}

/**
 * A run's Output, from its global flags: every -o but table asks for the data (rendered by printJson when a
 * command has no columns); --fields and --quiet shape JSON unless -o asks for a table; --jq and --template are
 * JSON. Messages are off under --json and the script flags; -o alone keeps them on stderr.
 */
export async function runOutput(flags: OutputFlags): Promise<Output> {
  applyColor(flags.color)
  const script = await scriptOptions(flags)
  const format = flags.output
  const json = Boolean(
    flags.json ||
      script.jsonRequested ||
      (format !== undefined && format !== 'table') ||
      ((script.quiet || script.fields) && format === undefined),
  )
  const silent = Boolean(flags.json || script.jsonRequested || script.quiet || script.fields)
  return new Output({json, jsonDetails: Boolean(flags.json), silent, script})
}

/** --color and --no-color, also for what draws itself (the spinner library reads the environment). */
function applyColor(color: boolean | undefined): void {
  if (color === false) process.env.NO_COLOR = '1'
  if (color === true) {
    delete process.env.NO_COLOR
    process.env.FORCE_COLOR = '1'
  }
}

/** --jq, --template, --fields and --quiet; the jq engine is loaded only when --jq is given. */
async function scriptOptions(flags: OutputFlags): Promise<ScriptOptions> {
  const {jq, template, fields, quiet, json, output: format} = flags
  const csvFormulas = flags['csv-formulas']
  if (jq === undefined && template === undefined && fields === undefined && !quiet) return {format, csvFormulas}
  if ((jq !== undefined || template !== undefined) && format && format !== 'json' && format !== 'jsonl')
    throw usageError(`${jq === undefined ? '--template' : '--jq'} works on JSON: use -o json or jsonl, not ${format}`)
  const [{parseFields}, jqFilter, render] = await Promise.all([
    import('./script.js'),
    jq === undefined ? undefined : import('./jq.js').then(m => m.loadJqFilter(jq, process.stdout.isTTY)),
    template === undefined ? undefined : import('./template.js').then(m => m.compileTemplate(template)),
  ])
  return {
    jq: jqFilter,
    template: render,
    fields: fields === undefined ? undefined : parseFields(fields),
    quiet,
    format,
    csvFormulas,
    jsonRequested: Boolean(json || jq !== undefined || template !== undefined),
  }
}
