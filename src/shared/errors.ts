import {ExitCode, type ExitCodeValue} from './exit-codes.js'

/**
 * An error payctl reports itself: one line on stderr and a fixed exit code.
 * `code` is a stable machine-readable name (shown under --json).
 */
export class PayctlError extends Error {
  readonly exitCode: ExitCodeValue
  readonly code: string
  readonly suggestions: string[]
  /** Machine-readable detail shown under --json (e.g. which batch failed). */
  readonly data?: unknown

  constructor(
    message: string,
    options: {exitCode: ExitCodeValue; code: string; suggestions?: string[]; cause?: unknown; data?: unknown},
  ) {
    super(message, {cause: options.cause})
    this.name = 'PayctlError'
    this.exitCode = options.exitCode
    this.code = options.code
    this.suggestions = options.suggestions ?? []
    this.data = options.data
  }
}

export const usageError = (message: string, suggestions?: string[]) =>
  new PayctlError(message, {exitCode: ExitCode.usage, code: 'USAGE', suggestions})

export const authError = (message: string, suggestions?: string[]) =>
  new PayctlError(message, {exitCode: ExitCode.auth, code: 'AUTH', suggestions})

export const invalidInputError = (message: string, suggestions?: string[]) =>
  new PayctlError(message, {exitCode: ExitCode.invalidInput, code: 'INVALID_INPUT', suggestions})

export const interruptedError = (message = 'interrupted (Ctrl-C)', suggestions: string[] = [], data?: unknown) =>
  new PayctlError(message, {exitCode: ExitCode.interrupted, code: 'INTERRUPTED', suggestions, data})

export const conflictError = (message: string, suggestions?: string[]) =>
  new PayctlError(message, {exitCode: ExitCode.conflict, code: 'CONFLICT', suggestions})
