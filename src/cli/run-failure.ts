import {exitCodeAfterStop} from '../operations/interrupt.js'
import {errorJson, formatErrorLine, reportError} from '../services/errors/error-report.js'
import {jsonTerminalSafe, terminalSafe} from '../shared/terminal-safe.js'
import {fold, terminalColumns} from './output/fold.js'

/** How a run that failed is told: as JSON (--json as given), with its stack (--debug), its secrets scrubbed. */
export interface FailureTelling {
  json: boolean
  debug: boolean
  scrub: (text: string) => string
}

/**
 * A failed run's one stderr line (one JSON object under --json), folded at word boundaries on a terminal, the
 * stack after it under --debug without --json; answers the documented exit code (a Ctrl-C's, after a stop).
 */
export function tellFailure(error: Error, {json, debug, scrub}: FailureTelling): number {
  const reported = reportError(error)
  const report = {...reported, exitCode: exitCodeAfterStop(reported.exitCode)}
  const line = json ? jsonTerminalSafe(errorJson(report)) : terminalSafe(formatErrorLine(report))
  // One line in a pipe (scripts read it so) and under --json; folded at word boundaries on a terminal.
  const scrubbed = scrub(line)
  process.stderr.write(`${json ? scrubbed : fold(scrubbed, terminalColumns(process.stderr))}\n`)
  // Under --json stderr stays JSON: the stack is for people.
  if (debug && !json && error?.stack) process.stderr.write(`${scrub(error.stack)}\n`)
  return report.exitCode
}
