import {ExitCode, type ExitCodeValue} from './exit-codes.js'

/**
 * An error payctl reports itself: one line on stderr and a fixed exit code.
 * `code` is a stable machine-readable name (shown under --json).
 */
/**
 * The step that gets a person or an agent further, as data: an operation (src/operations, by its id, which is its
 * command's: `payouts:wait`) and its input. The CLI words it as a `payctl ...` line, MCP as a tool and its arguments.
 */
export interface NextStep {
  operation: string
  input: Record<string, unknown>
}

export interface Advice {
  /** The input a usage error is about (its flag on the command line, its argument for a tool). */
  input?: string
  /** What to do next. */
  next?: NextStep
}

export class PayctlError extends Error {
  readonly exitCode: ExitCodeValue
  readonly code: string
  readonly suggestions: string[]
  /** Machine-readable detail shown under --json (e.g. which batch failed). */
  readonly data?: unknown
  readonly advice: Advice
  /** The service's answer this error stands for: its status and request id, kept for the report. */
  readonly answer?: {status: number; requestId?: string}

  constructor(
    message: string,
    options: {
      exitCode: ExitCodeValue
      code: string
      suggestions?: string[]
      cause?: unknown
      data?: unknown
      advice?: Advice
      answer?: {status: number; requestId?: string}
    },
  ) {
    super(message, {cause: options.cause})
    this.name = 'PayctlError'
    this.exitCode = options.exitCode
    this.code = options.code
    this.suggestions = options.suggestions ?? []
    this.data = options.data
    this.advice = options.advice ?? {}
    this.answer = options.answer
  }
}

export const usageError = (message: string, suggestions?: string[], advice?: Advice) =>
  new PayctlError(message, {exitCode: ExitCode.usage, code: 'USAGE', suggestions, advice})

export const authError = (message: string, suggestions?: string[]) =>
  new PayctlError(message, {exitCode: ExitCode.auth, code: 'AUTH', suggestions})

export const invalidInputError = (message: string, suggestions?: string[]) =>
  new PayctlError(message, {exitCode: ExitCode.invalidInput, code: 'INVALID_INPUT', suggestions})

export const interruptedError = (
  message = 'interrupted (Ctrl-C)',
  suggestions: string[] = [],
  data?: unknown,
  advice?: Advice,
) => new PayctlError(message, {exitCode: ExitCode.interrupted, code: 'INTERRUPTED', suggestions, data, advice})

export const conflictError = (message: string, suggestions?: string[]) =>
  new PayctlError(message, {exitCode: ExitCode.conflict, code: 'CONFLICT', suggestions})
