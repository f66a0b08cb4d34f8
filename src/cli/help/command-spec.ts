/**
 * A command as oclif's manifest describes it (`oclif.manifest.json`, or `config.commands` at run time): what
 * `--schema` and `help --llms` are generated from (the flags of the commands on operations are made from the
 * operations' inputs, as the MCP tools are).
 */
export interface FlagSpec {
  name: string
  type: 'boolean' | 'option'
  char?: string
  summary?: string
  description?: string
  required?: boolean
  multiple?: boolean
  options?: readonly string[]
  default?: unknown
  helpGroup?: string
  hidden?: boolean
  allowNo?: boolean
  /** An integer flag's bounds (scripts/manifest-bounds.js puts them in the manifest). */
  min?: number
  max?: number
}

export interface ArgSpec {
  name: string
  description?: string
  required?: boolean
  options?: readonly string[]
}

export interface CommandSpec {
  id: string
  summary?: string
  description?: string
  examples?: ReadonlyArray<string | {command: string; description?: string}>
  hidden?: boolean
  strict?: boolean
  /** The name of the command's result (src/results), as its class declares it. */
  result?: string
  flags: Record<string, FlagSpec>
  args: Record<string, ArgSpec>
}

/** `payouts:create` -> `payouts create`: how people type it. */
export const commandWords = (id: string) => id.replaceAll(':', ' ')

/** An integer flag: an option flag with a bound (oclif's integer flag is the one that takes bounds). */
export const isIntegerFlag = (flag: FlagSpec) =>
  flag.type === 'option' && (typeof flag.min === 'number' || typeof flag.max === 'number')

/** The global flags every payctl command has (`BaseCommand.baseFlags`): output shaping, not the command's input. */
export const isGlobalFlag = (flag: FlagSpec) => flag.helpGroup === 'GLOBAL'

/** A command whose positional arguments are variadic (`static strict = false`): its one argument is a list. */
export const isVariadic = (command: CommandSpec) => command.strict === false
