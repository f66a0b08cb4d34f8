import type * as z from 'zod/mini'
import {API_RESULTS} from './api-results.js'
import {CLI_RESULTS} from './cli-results.js'
import {PAYOUT_RESULTS} from './payout-results.js'

/**
 * What each command returns, by name: every command names it for the compiler (commandOf's `result`, or a class's
 * `BaseCommand<typeof X, '<name>'>`) and in src/results/command-results.ts, its `run()` returns `ResultOf<name>` (with its views: `Answer`,
 * src/cli/shown.ts), and `--json` prints exactly that value (docs/scripting.md). The MCP tools'
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
 * Results that `run()` returns as an item stream (src/cli/output/item-stream.ts), written page by page as they are
 * read (`--all`, cron runs, the rows of a big file, the payouts a batch applies). The base command renders the
 * stream: --json prints the items as this schema describes them, and a run for data (an MCP tool) answers them.
 */
export const STREAMED_RESULTS = [
  'payoutList',
  'payoutChanges',
  'importStatusRows',
  'transactions',
  'counterpartyList',
  'payoutsV2',
  'deletedPayouts',
] as const satisfies ResultName[]
export type StreamedName = (typeof STREAMED_RESULTS)[number]

/**
 * Results that a command answers once the item stream its `run()` returns has ended (ItemStream.result): the stream
 * prints the lines (`webhooks listen`: one a delivery), the result is the summary, not printed.
 */
export const STREAM_SUMMARY_RESULTS = ['webhookListen'] as const satisfies ResultName[]

/** An item stream as `run()` returns it, unread: the base command reads and renders it. */
export interface UnreadItems {
  readonly itemStream: true
}

export type ResultOf<N extends ResultName> =
  | z.output<ReturnType<(typeof RESULT_SCHEMAS)[N]>>
  | (N extends StreamedName | (typeof STREAM_SUMMARY_RESULTS)[number] ? UnreadItems : never)

export const isResultName = (name: unknown): name is ResultName =>
  typeof name === 'string' && Object.hasOwn(RESULT_SCHEMAS, name)

/** The schema of a declared result. */
export const resultSchema = (name: ResultName): z.ZodMiniType => RESULT_SCHEMAS[name]()
