import type * as z from 'zod/mini'
import {API_RESULTS} from './api-results.js'
import {CLI_RESULTS} from './cli-results.js'

/**
 * What each command returns, by name: every command class declares `static override result = '<name>'`, its `run()`
 * returns `ResultOf<typeof X.result>`, and `--json` prints exactly that value (docs/scripting.md). The MCP tools'
 * output schemas, `--schema` and the manifest-walking tests read the same schema. Schemas are built on first use, so
 * a command that only names its result loads no zod.
 */
export const RESULT_SCHEMAS = {
  ...API_RESULTS,
  ...CLI_RESULTS,
}

export type ResultName = keyof typeof RESULT_SCHEMAS
export type ResultOf<N extends ResultName> = z.output<ReturnType<(typeof RESULT_SCHEMAS)[N]>>

export const isResultName = (name: unknown): name is ResultName =>
  typeof name === 'string' && Object.hasOwn(RESULT_SCHEMAS, name)

/** The schema of a declared result. */
export const resultSchema = (name: ResultName): z.ZodMiniType => RESULT_SCHEMAS[name]()
