import {stripVTControlCharacters} from 'node:util'
import {
  ApiError,
  ConnectionError,
  HostileAnswerError,
  isTransient,
  OriginError,
  ResponseShapeError,
  retryLaterThan,
  TimeoutError,
  withDetails,
} from '../../client/api-errors.js'
import {isTransientStatus, RETRY_AFTER_CAP_MS} from '../../client/waits.js'
import {closestName} from '../../shared/edit-distance.js'
import {type Advice, PayctlError} from '../../shared/errors.js'
import {ExitCode, type ExitCodeValue} from '../../shared/exit-codes.js'
import {fieldOf} from '../../shared/json-object.js'
import {isLoopbackOrigin} from '../../shared/local-emulator.js'
import {errnoCode, messageOf} from '../../shared/thrown.js'

/** What the CLI prints for an error: one line for people, one object under --json. */
export interface ErrorReport {
  exitCode: ExitCodeValue
  code: string
  message: string
  status?: number
  requestId?: string
  index?: number
  details?: Array<{path: string; message: string}>
  data?: unknown
  suggestions: string[]
  /** What a usage error is about, and what to do next, as data (src/shared/errors.ts). */
  advice?: Advice
}

const OCLIF_USAGE_ERRORS = new Set([
  'RequiredArgsError',
  'UnexpectedArgsError',
  'NonExistentFlagsError',
  'FailedFlagValidationError',
  'ArgInvalidOptionError',
  'FlagInvalidOptionError',
])

export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 401 || status === 403) return ExitCode.auth
  if (status === 404) return ExitCode.notFound
  if (status === 409) return ExitCode.conflict
  if (status === 400 || status === 422) return ExitCode.invalidInput
  if (isTransientStatus(status)) return ExitCode.transient
  return ExitCode.unexpected
}

/** "re-run at 2026-11-24 01:02:03 UTC" for an answer whose Retry-After is beyond what payctl waits. */
function retryLaterSuggestion(error: ApiError): string | undefined {
  const later = retryLaterThan(error, RETRY_AFTER_CAP_MS)
  if (!later) return undefined
  const limit = `more than the ${RETRY_AFTER_CAP_MS / 1000} s payctl waits`
  if (!later.retryAt) return `the service asks to wait ${limit}: re-run much later`
  const at = later.retryAt.toISOString().replace('T', ' ').replace('.000Z', ' UTC')
  return `the service asks to wait until ${at} (${limit}): re-run the same command then`
}

function apiSuggestions(error: ApiError): string[] {
  if (error.status === 401) return ['check the credentials with "payctl auth status", or run "payctl auth login"']
  if (error.code === 'INSUFFICIENT_SCOPE') return ['use a key or login that has the scope named above']
  const later = retryLaterSuggestion(error)
  if (later) return [later]
  if (isTransient(error)) return ['this is transient: re-run the same command']
  return []
}

function apiMessage(error: ApiError): string {
  return withDetails(error, error.index === undefined ? error.message : `item ${error.index}: ${error.message}`)
}

/**
 * oclif's parse errors span several lines ("Parsing --x", the reason, "See more help"), styled (dim) when colour
 * is on; make them one plain line.
 */
export function parseErrorMessage(error: unknown): string {
  const lines = stripVTControlCharacters(String(messageOf(error) ?? error))
    .split('\n')
    .map(line => line.trim().replace(/^Missing required flag (?!-)(\S+)/, 'Missing required flag --$1'))
    .filter(line => line && !/^See more help/.test(line) && !/^The following errors? occurred:?$/.test(line))
  const [first, ...rest] = lines
  const missing = /^Missing \d+ required args?:?$/.test(first ?? '')
  if (missing) return `missing ${rest.map(missingArgument).join(', ')}`
  const unexpected = /^Unexpected arguments?: (.*)$/.exec(first ?? '')
  if (unexpected)
    return `unexpected argument ${unexpected[1]}: this command takes no more arguments (flags start with --)`
  const flag = /^Parsing (--[\w-]+)/.exec(first ?? '')?.[1]
  if (flag) return `${flag}: ${rest.join('; ') || 'invalid value'}`
  return lines.join('; ') || 'invalid arguments'
}

/** 'did you mean "--limit"?' for each flag oclif did not know (`--limt`) that is a typo of one of `flagNames`. */
export function unknownFlagSuggestions(error: unknown, flagNames: readonly string[]): string[] {
  const unknown = fieldOf(error, 'flags')
  if (!Array.isArray(unknown)) return []
  return unknown.flatMap(typed => {
    const name = String(typed).replace(/^-+/, '').split('=')[0]
    const close = closestName(name, flagNames)
    return close ? [`did you mean "--${close}"?`] : []
  })
}

/** oclif's "file  CSV file to import." as "argument FILE (CSV file to import)". */
function missingArgument(line: string): string {
  const [name, ...description] = line.split(/\s{2,}/)
  const about = description.join(' ').replace(/\.$/, '')
  return `argument ${name.toUpperCase()}${about ? ` (${about})` : ''}`
}

/** Maps every error class to its exit code and message (README "Exit codes"). */
export function reportError(error: unknown): ErrorReport {
  if (error instanceof PayctlError) {
    return {
      exitCode: error.exitCode,
      code: error.code,
      message: error.message,
      ...error.answer,
      ...(error.data === undefined ? {} : {data: error.data}),
      suggestions: error.suggestions,
      ...(Object.keys(error.advice).length ? {advice: error.advice} : {}),
    }
  }
  if (error instanceof ApiError) {
    return {
      exitCode: exitCodeForStatus(error.status),
      code: error.code,
      message: apiMessage(error),
      status: error.status,
      requestId: error.requestId,
      index: error.index,
      details: error.details.length ? error.details : undefined,
      data: error.data,
      suggestions: apiSuggestions(error),
    }
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) return networkReport(error)
  if (error instanceof HostileAnswerError) {
    return {
      exitCode: ExitCode.transient,
      code: 'BAD_ANSWER',
      message: error.message,
      suggestions: ['nothing more was read; safe to re-run once the service (or a proxy in between) answers properly'],
    }
  }
  if (error instanceof OriginError) {
    return {exitCode: ExitCode.usage, code: 'USAGE', message: error.message, suggestions: []}
  }
  if (error instanceof ResponseShapeError) {
    return {
      exitCode: ExitCode.unexpected,
      code: 'BAD_RESPONSE',
      message: error.message,
      requestId: error.requestId,
      suggestions: [],
    }
  }
  return foreignReport(error)
}

/**
 * The emulator is named only where it can be the cause: nothing listens on a loopback origin. Anything else (an
 * answer cut off, a time-out) came from whatever listens there, emulator or not.
 */
function networkReport(error: ConnectionError | TimeoutError): ErrorReport {
  const refused = errnoCode(error.cause) === 'ECONNREFUSED'
  const nobodyLocal =
    error instanceof ConnectionError && refused && error.url !== undefined && isLoopbackOrigin(error.url)
  return {
    exitCode: ExitCode.transient,
    code: error instanceof TimeoutError ? 'TIMEOUT' : 'NETWORK',
    message: error.message,
    suggestions: [
      nobodyLocal
        ? 'is the emulator running? start it with "payctl emulator start"'
        : 'safe to re-run once the service is reachable',
    ],
  }
}

/** Errors from outside payctl: prompts cancelled, oclif's parse errors, and anything else. */
function foreignReport(error: unknown): ErrorReport {
  const name = String(fieldOf(error, 'name') ?? '')
  const message = messageOf(error)
  if (name === 'ExitPromptError' || name === 'AbortPromptError') {
    return {exitCode: ExitCode.interrupted, code: 'INTERRUPTED', message: 'cancelled', suggestions: []}
  }
  const oclifExit = fieldOf(fieldOf(error, 'oclif'), 'exit')
  // oclif's parse errors (their class names do not survive the bundle) all carry the parse they failed in.
  const parseError = fieldOf(error, 'parse') !== undefined
  if (OCLIF_USAGE_ERRORS.has(name) || parseError || (name === 'CLIError' && oclifExit === 2)) {
    return {
      exitCode: ExitCode.usage,
      code: 'USAGE',
      message: stripVTControlCharacters(message.split('\n')[0]),
      suggestions: ['see --help'],
    }
  }
  return {
    exitCode: ExitCode.unexpected,
    code: 'UNEXPECTED',
    message: message.split('\n')[0] || 'unexpected error',
    suggestions: [],
  }
}

/**
 * `error` as payctl reports it, with the way out said for this case: its exit code, code, message, data and the
 * service's status and request id kept, `more` added (the suggestions, replacing the generic ones; data; advice;
 * the `context` of what failed, said before the message).
 */
export function withWayOut(
  error: unknown,
  more: {suggestions: string[]; data?: unknown; advice?: Advice; context?: string},
): PayctlError {
  const {context, ...rest} = more
  const report = reportError(error)
  return new PayctlError(context === undefined ? report.message : `${context}: ${report.message}`, {
    exitCode: report.exitCode,
    code: report.code,
    cause: error,
    data: report.data,
    ...rest,
    ...(report.status === undefined ? {} : {answer: {status: report.status, requestId: report.requestId}}),
  })
}

/** `error` as the cause of what failed (`context`), with its own exit code, code and request id, and the way out. */
export function errorInContext(error: unknown, context: string, suggestions: string[]): PayctlError {
  return withWayOut(error, {context, suggestions})
}

export function formatErrorLine(report: ErrorReport): string {
  const code = `${report.code}: `
  const request = report.requestId ? ` (request ${report.requestId})` : ''
  const hint = report.suggestions.length ? `; ${report.suggestions.join('; ')}` : ''
  return `Error: ${code}${report.message}${request}${hint}`
}

/**
 * An error as data (what `--json` prints under "error"): suggestions only when there are some. The advice as data
 * is its presenter's to word (an agent's tool answer names a tool and its arguments).
 */
export type ErrorObject = Omit<ErrorReport, 'suggestions' | 'advice'> & {suggestions?: string[]}

export function errorObject(report: ErrorReport): ErrorObject {
  const {suggestions, advice: _, ...rest} = report
  return {...rest, ...(suggestions.length ? {suggestions} : {})}
}

export function errorJson(report: ErrorReport): string {
  return JSON.stringify({error: errorObject(report)})
}
