import type * as z from 'zod/mini'
import {API_RESULTS} from './api-results.js'
import {CLI_RESULTS} from './cli-results.js'
import {PAYOUT_RESULTS} from './payout-results.js'

/**
 * What each command returns, by name: every command class declares `static override result = '<name>'`, its `run()`
 * returns `ResultOf<typeof X.result>`, and `--json` prints exactly that value (docs/scripting.md). The MCP tools'
 * output schemas, `--schema` and the manifest-walking tests read the same schema. Schemas are built on first use, so
 * a command that only names its result loads no zod.
 */
export const RESULT_SCHEMAS = {
  ...API_RESULTS,
  ...PAYOUT_RESULTS,
  ...CLI_RESULTS,
}

export type ResultName = keyof typeof RESULT_SCHEMAS

/**
 * Lists that write their items page by page as they are read (`--all`, cron runs, the status of a big file). A run
 * for data (an MCP tool) returns the items, as --json prints them; a printing run keeps none of them, so its memory
 * stays flat whatever the count, and returns how many it wrote.
 */
export const STREAMED_RESULTS = [
  'payoutList',
  'payoutChanges',
  'importStatusRows',
  'transactions',
  'counterpartyList',
] as const satisfies ResultName[]
export type StreamedName = (typeof STREAMED_RESULTS)[number]

/** What a printing run of a streamed list returns: the count of items it wrote (each was printed once). */
export interface StreamedItems {
  streamed: number
}

/**
 * A streamed list that `run()` returns unread: the base command reads and renders it (src/cli/output/item-stream.ts)
 * and answers the items of a run for data, or the count it printed.
 */
export interface UnreadItems {
  readonly itemStream: true
}

export type ResultOf<N extends ResultName> =
  | z.output<ReturnType<(typeof RESULT_SCHEMAS)[N]>>
  | (N extends StreamedName ? StreamedItems | UnreadItems : never)

export const isResultName = (name: unknown): name is ResultName =>
  typeof name === 'string' && Object.hasOwn(RESULT_SCHEMAS, name)

/** The schema of a declared result. */
export const resultSchema = (name: ResultName): z.ZodMiniType => RESULT_SCHEMAS[name]()
