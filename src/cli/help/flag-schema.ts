import * as z from 'zod'
import {type CommandSpec, type FlagSpec, isIntegerFlag, isVariadic} from './command-spec.js'

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
  const value = isIntegerFlag(flag) ? integerSchema(flag) : flag.options?.length ? z.enum(flag.options) : z.string()
  return flag.multiple ? z.array(value) : value
}

/** The zod shape of a command's positional arguments; a variadic command's argument is a list. */
export function argumentShape(command: CommandSpec): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {}
  for (const arg of Object.values(command.args)) {
    const value = arg.options?.length ? z.enum(arg.options) : z.string()
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
