import {AsyncLocalStorage} from 'node:async_hooks'
import type {Config} from '@oclif/core/config'
import type {CommandRun} from '../mcp/cli-runner.js'
import type {ExitCodeValue} from '../shared/exit-codes.js'
import {DataSink} from './output/data-sink.js'

const dataRuns = new AsyncLocalStorage<DataSink>()

/** The sink of the data run this code is part of, or undefined when the command prints (a normal run). */
export const currentDataSink = (): DataSink | undefined => dataRuns.getStore()

const exitCodeOf = (error: unknown) => {
  const exit = (error as {oclif?: {exit?: number}})?.oclif?.exit
  return typeof exit === 'number' ? exit : 1
}

/**
 * Runs a payctl command inside this process for its data, as `payctl <id> <argv> --json` would compute it: the value
 * its `run()` returns, its warnings and details, and its error as the structured report (src/services/errors). A
 * command that showed its result and then failed (exit 8 after a payout failed) answers that result with the error:
 * `respond()` left it in the sink. Nothing is written to stdout or stderr and stdin is never read, so runs may
 * overlap beside an MCP transport on stdio.
 */
export async function runForData(config: Config, id: string, argv: string[]): Promise<CommandRun> {
  const sink = new DataSink()
  const {warnings, details} = sink
  try {
    const result = await dataRuns.run(sink, () => config.runCommand(id, argv))
    return {exitCode: 0, data: result, warnings, details}
  } catch (error) {
    const exitCode = exitCodeOf(error)
    if (exitCode === 0) return {exitCode, data: sink.data, warnings, details}
    const reported = sink.error ?? {
      code: 'UNEXPECTED',
      message: (error as Error)?.message ?? String(error),
      exitCode: exitCode as ExitCodeValue,
    }
    return {exitCode, data: sink.data, warnings, details, error: reported}
  }
}
