import type {EmulatorFixture} from '../../helpers/emulator.js'

/**
 * How the result walk runs one command: the arguments after the command's words (`--json` is added), made after
 * `setup` prepared the emulator (reset before each command), and the exit code it must end with.
 */
export interface Invocation {
  argv: (ctx: EmulatorFixture) => string[] | Promise<string[]>
  /** The environment on top of the fixture's (default: the seeded team's full key). */
  env?: (ctx: EmulatorFixture) => Record<string, string | undefined>
  /** Written to stdin (empty by default). */
  input?: string
  exit?: number
  /**
   * A command that prints lines while it runs and returns a summary it does not print (docs/decisions.md, "#32
   * typed results"): the walk checks the value `run()` returned instead of stdout. `returned`: it ends by itself;
   * `stopped`: it runs until stopped, and the walk sends it SIGTERM once it listens for it.
   */
  form?: 'returned' | 'stopped'
}

export type Invocations = Record<string, Invocation>

export const noArguments: Invocation = {argv: () => []}
