import * as z from 'zod'
import {type CommandSpec, type FlagSpec, isGlobalFlag, isIntegerFlag, isVariadic} from './command-spec.js'

export type ToolArguments = Record<string, unknown>

/** Which of a command's flags and arguments an input schema covers. */
export interface InputSelection {
  /** Flags left out (set by the tool itself, or not for agents: files, prompts, output formats). */
  omit?: readonly string[]
  /** Flags kept although they are global (none today; a hook for a global flag that is real input). */
  keepGlobal?: readonly string[]
  /** Tighter bounds of integer flags than the command's own (a tool's page size). */
  bounds?: Readonly<Record<string, {max: number}>>
}

const flagDescription = (flag: FlagSpec) =>
  [flag.summary ?? flag.description, flag.default === undefined ? '' : `Default: ${String(flag.default)}.`]
    .filter(Boolean)
    .join(' ')

function integerSchema(flag: FlagSpec): z.ZodNumber {
  const number = z.number().int()
  const atLeast = flag.min === undefined ? number : number.min(flag.min)
  return flag.max === undefined ? atLeast : atLeast.max(flag.max)
}

/** A flag's value: boolean, integer with its bounds, one of its options, or a string (amounts stay decimal strings). */
function flagSchema(flag: FlagSpec): z.ZodType {
  if (flag.type === 'boolean') return z.boolean()
  const value = isIntegerFlag(flag)
    ? integerSchema(flag)
    : flag.options?.length
      ? z.enum(flag.options as [string, ...string[]])
      : z.string()
  return flag.multiple ? z.array(value) : value
}

/** The flags of a command that an input schema covers, by name. */
export function selectedFlags(command: CommandSpec, selection: InputSelection = {}): FlagSpec[] {
  return Object.values(command.flags)
    .filter(
      flag =>
        !flag.hidden &&
        !selection.omit?.includes(flag.name) &&
        (!isGlobalFlag(flag) || selection.keepGlobal?.includes(flag.name)),
    )
    .map(flag => {
      const bound = selection.bounds?.[flag.name]
      return bound ? {...flag, max: Math.min(flag.max ?? bound.max, bound.max)} : flag
    })
}

/** The zod shape of a command's positional arguments; a variadic command's argument is a list. */
export function argumentShape(command: CommandSpec): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {}
  for (const arg of Object.values(command.args)) {
    const value = arg.options?.length ? z.enum(arg.options as [string, ...string[]]) : z.string()
    const schema = isVariadic(command) ? z.array(value) : value
    shape[arg.name] = (arg.required ? schema : schema.optional()).describe(
      arg.description ?? (isVariadic(command) ? 'One or more values.' : ''),
    )
  }
  return shape
}

/** The zod shape of the given flags: each flag's value, a list of them for a repeatable one. */
export function flagShape(flags: readonly FlagSpec[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {}
  for (const flag of flags) {
    const schema = flagSchema(flag)
    shape[flag.name] = (flag.required ? schema : schema.optional()).describe(flagDescription(flag))
  }
  return shape
}

/** The zod shape of a command's input: each argument and selected flag under its own name (`custom-id`). */
export const inputShape = (command: CommandSpec, selection: InputSelection = {}): Record<string, z.ZodType> => ({
  ...argumentShape(command),
  ...flagShape(selectedFlags(command, selection)),
})

/** A command line in two parts: the flags, and the positional arguments that follow `--`. */
export interface CommandLine {
  flags: string[]
  positional: string[]
}

/** The argv of a command line: flags first, then `--` and the positional arguments (so none is read as a flag). */
export const argvOfLine = (line: CommandLine) =>
  line.positional.length ? [...line.flags, '--', ...line.positional] : line.flags

/** The command line for validated tool arguments: flags as `--name=value`, so a value that begins with "-" stays a value. */
export function commandLineOf(command: CommandSpec, args: ToolArguments): CommandLine {
  const flags: string[] = []
  for (const [name, value] of Object.entries(args)) {
    const flag = command.flags[name]
    if (!flag || value === undefined) continue
    if (flag.type === 'boolean') {
      if (value === true) flags.push(`--${name}`)
      continue
    }
    for (const item of Array.isArray(value) ? value : [value]) flags.push(`--${name}=${String(item)}`)
  }
  const positional = Object.keys(command.args).flatMap(name => {
    const value = args[name]
    if (value === undefined) return []
    return Array.isArray(value) ? value.map(String) : [String(value)]
  })
  return {flags, positional}
}
