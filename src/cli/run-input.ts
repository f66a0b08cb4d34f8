import type {Field, Fields, InputOf} from '../operations/inputs/field.js'

/** A run's flags and arguments as parsed, and every positional argument in order (variadic commands). */
export interface ParsedRun {
  flags: Record<string, unknown>
  args: Record<string, unknown>
  argvAll: string[]
}

/** An operation's input from a run: each input from its flag, or its argument (all of them for a variadic one). */
export function operationInput<F extends Fields>(inputs: F, {flags, args, argvAll}: ParsedRun): InputOf<F> {
  const given = (name: string, field: Field) =>
    field.positional ? ('multiple' in field && field.multiple ? argvAll : args[name]) : flags[name]
  const input = Object.fromEntries(Object.entries(inputs).map(([name, field]) => [name, given(name, field)]))
  return input as InputOf<F>
}
