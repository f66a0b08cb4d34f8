import type {EmulatorFixture} from '../../helpers/emulator.js'

/**
 * How the result walk runs one command: the arguments after the command's words (`--json` is added), made after
 * `setup` prepared the emulator (reset before each command), and the exit code it must end with.
 */
export interface Invocation {
  argv: (ctx: EmulatorFixture) => string[] | Promise<string[]>
  /** The environment on top of the fixture's (default: the seeded team's full key). */
  env?: (ctx: EmulatorFixture) => Record<string, string | undefined>
  exit?: number
}

export type Invocations = Record<string, Invocation>

export const noArguments: Invocation = {argv: () => []}
