/** The exit codes scripts rely on (README "Exit codes"). */
export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  conflict: 5,
  invalidInput: 6,
  transient: 7,
  partial: 8,
  interrupted: 130,
  /** Interrupted by SIGTERM (128 + 15). */
  terminated: 143,
} as const

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]
