import type {Command} from '@oclif/core/command'
import {parseErrorMessage, unknownFlagSuggestions} from '../services/errors/error-report.js'
import {usageError} from '../shared/errors.js'
import {globalFlags} from './flags/global-flags.js'

/** What a command declares of its input: its class's flags and arguments (`typeof X`), or commandOf's. */
export type Declared = Pick<typeof Command, 'flags' | 'args'>

/**
 * What oclif parses a run with: the command's flags beside the global ones, its arguments never filled from stdin
 * (oclif would, when stdin is no terminal; payctl reads stdin only for "-").
 */
export const parseOptions = (ctor: Command.Class) => ({
  flags: ctor.flags,
  baseFlags: globalFlags,
  args: Object.fromEntries(Object.entries(ctor.args ?? {}).map(([n, arg]) => [n, {...arg, ignoreStdin: true}])),
  strict: ctor.strict,
})

/** A parse failure as a usage error: the flag a mistyped one may have meant, and the command's --help. */
export const parseFailure = (error: unknown, ctor: Command.Class, bin: string, id: string | undefined) =>
  usageError(parseErrorMessage(error), [
    ...unknownFlagSuggestions(error, Object.keys({...globalFlags, ...ctor.flags})),
    `see "${bin} ${id?.replaceAll(':', ' ')} --help"`,
  ])

/** Whether --schema is among the options given (before any `--`): the run prints its schema and nothing else. */
export const schemaAsked = (argv: readonly string[]) =>
  (argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv).includes('--schema')
