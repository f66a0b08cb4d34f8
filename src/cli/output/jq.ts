import {PayctlError, usageError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {fieldOf} from '../../shared/json-object.js'

/** A compiled-and-checked --jq filter, applied with jq's `-r` rules: strings raw, other values as JSON. */
export interface JqFilter {
  apply(value: unknown): string
}

/**
 * Loads the jq engine (jq compiled to WebAssembly) only when --jq is given, and rejects a filter that does
 * not compile before any request is sent. The engine sets process.exitCode as a side effect: it is restored.
 */
export async function loadJqFilter(expression: string, pretty: boolean): Promise<JqFilter> {
  const {engine} = await import('./jq-engine.js')
  const jq = await engine
  const flags = pretty ? ['-r'] : ['-r', '-c']
  const run = (json: string): string => {
    const exitCode = process.exitCode
    try {
      return jq.raw(json, expression, flags) ?? ''
    } finally {
      // 0 rather than undefined: Bun ignores `process.exitCode = undefined` and would keep the engine's code.
      process.exitCode = exitCode ?? 0
    }
  }
  try {
    run('null')
  } catch (error) {
    if (fieldOf(error, 'exitCode') === 3) throw usageError(`--jq: ${jqProblem(error, expression)}`)
  }
  return {
    apply(value) {
      try {
        return run(JSON.stringify(value))
      } catch (error) {
        throw new PayctlError(`--jq: ${jqProblem(error)}`, {exitCode: ExitCode.unexpected, code: 'JQ_ERROR'})
      }
    },
  }
}

/** jq's own message without the engine's "Non-zero exit code" preamble, on one line. */
function jqProblem(error: unknown, expression?: string): string {
  const said = [fieldOf(error, 'stderr'), fieldOf(error, 'message')].find(
    (part): part is string => typeof part === 'string' && part !== '',
  )
  const text = (said ?? String(error)).replace(/^Non-zero exit code: \d+\n?/, '')
  return text
    .split('\n')
    .map(line =>
      line
        .replace(/^jq: (error: )?/, '')
        .replace(/^error \(at [^)]*\): /, '')
        .trim(),
    )
    .filter(line => line && line !== expression?.trim() && !/^\d+ compile errors?$/.test(line))
    .join('; ')
    .replace(/:$/, '')
}
