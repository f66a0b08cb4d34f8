import * as Errors from '@oclif/core/errors'
import {PayctlError} from '../shared/errors.js'
import {ExitCode} from '../shared/exit-codes.js'

/**
 * Why `emulator start` could not start, as a coded error with the way out: exit 1, or 2 for control routes exposed
 * by the flags. `noSqlite` and `exposedControl`: the emulator's codes of those errors.
 */
export function startFailure(
  error: Error & {code?: string},
  at: {port: number; host: string; noSqlite: string; exposedControl: string},
): unknown {
  if (error.code === at.noSqlite)
    return new PayctlError(error.message, {exitCode: ExitCode.unexpected, code: 'NO_SQLITE'})
  if (error.code === at.exposedControl)
    return new PayctlError(error.message, {exitCode: ExitCode.usage, code: 'EXPOSED_CONTROL'})
  if (error.code === 'EADDRINUSE')
    return new PayctlError(`port ${at.port} on ${at.host} is in use`, {
      exitCode: ExitCode.unexpected,
      code: 'PORT_IN_USE',
      suggestions: ['pass --port 0 for a free one, or stop the other process'],
    })
  return error
}

/** oclif's parse error of `emulator start` as a usage error naming the help. */
export async function parseFailure(error: unknown): Promise<never> {
  const {parseErrorMessage} = await import('../services/errors/error-report.js')
  throw new PayctlError(parseErrorMessage(error), {
    exitCode: ExitCode.usage,
    code: 'USAGE',
    suggestions: ['see "payctl emulator start --help"'],
  })
}

/**
 * Every failure of `emulator start` (which has its own --json and is not a BaseCommand) the way BaseCommand
 * reports them: one line, one JSON object under --json, the documented exit code.
 */
export async function reportStartFailure(error: unknown, json: boolean): Promise<never> {
  if (error instanceof Errors.ExitError) throw error
  const {errorJson, formatErrorLine, reportError} = await import('../services/errors/error-report.js')
  const report = reportError(error)
  process.stderr.write(`${json ? errorJson(report) : formatErrorLine(report)}\n`)
  throw new Errors.ExitError(report.exitCode)
}
