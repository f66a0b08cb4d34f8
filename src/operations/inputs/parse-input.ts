import {usageError} from '../../shared/errors.js'
import type {Field, Fields, InputOf} from './field.js'

/** A value of an input as a caller other than the command line gives it: its kind already checked by the schema. */
type Given = Record<string, unknown>

/** The input refused by its own check, as the CLI words it (the input named as its flag: "--amount: ..."). */
function refused(name: string, problem: string) {
  return usageError(`--${name}: ${problem}`, [], {input: name})
}

function parsed(name: string, field: Field, value: unknown): unknown {
  if (field.kind !== 'text' || !field.parse) return value
  const parse = field.parse
  const one = (item: unknown) => {
    try {
      return parse(String(item))
    } catch (error) {
      throw refused(name, error instanceof Error ? error.message : String(error))
    }
  }
  return Array.isArray(value) ? value.map(one) : one(value)
}

/** An absent input's value: its default (one given `defaultWith` another input only when that one is), off for a switch. */
function fallback(field: Field, given: Given): unknown {
  if (field.kind === 'boolean') return false
  if (field.kind === 'text' && field.defaultWith !== undefined && !given[field.defaultWith]) return undefined
  return 'default' in field ? field.default : undefined
}

/** The inputs given together that must not be, and those given without the inputs they need. */
function relations(fields: Fields, given: Given): void {
  const present = (name: string) => given[name] !== undefined && given[name] !== false
  for (const [name, field] of Object.entries(fields)) {
    if (!present(name)) continue
    const clash = field.exclusive?.find(present)
    if (clash) throw usageError(`--${name} cannot also be provided when using --${clash}`, [], {input: name})
    const missing = field.dependsOn?.filter(other => !present(other)) ?? []
    if (missing.length)
      throw usageError(
        `All of the following must be provided when using --${name}: ${missing.map(other => `--${other}`).join(', ')}`,
        [],
        {input: name},
      )
  }
}

/**
 * An operation's input from values given as data (an agent's tool arguments, already of the right JSON types): each
 * checked and parsed as the command line's flag would be (the same check, the same words), the relations between
 * them held, the defaults filled in. A refused value is a usage error that names its input.
 */
export function parseInput<F extends Fields>(fields: F, given: Given): InputOf<F> {
  relations(fields, given)
  const input: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(fields)) {
    const value = given[name]
    // A repeatable input given one value (an id the caller names) is a list of one, as on the command line.
    const listed =
      'multiple' in field && field.multiple && value !== undefined && !Array.isArray(value) ? [value] : value
    input[name] = listed === undefined ? fallback(field, given) : parsed(name, field, listed)
  }
  return input as InputOf<F>
}
