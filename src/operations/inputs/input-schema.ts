import * as z from 'zod'
import type {Field, Fields} from './field.js'

/** Which of an operation's inputs a schema covers. */
export interface InputSelection {
  /** Inputs left out (set by the caller itself, or not its to set: files, prompts, following). */
  omit?: readonly string[]
  /** Tighter upper bounds of integer inputs than the operation's own (a tool's page size). */
  bounds?: Readonly<Record<string, {max: number}>>
}

/** The default as help shows it ("15m" for a duration kept in milliseconds). */
const shownDefault = (field: Field) =>
  field.kind === 'text' && field.defaultHelp !== undefined
    ? field.defaultHelp
    : 'default' in field
      ? field.default
      : undefined

const description = (field: Field) => {
  const fallback = shownDefault(field)
  return [field.summary, fallback === undefined ? '' : `Default: ${String(fallback)}.`].filter(Boolean).join(' ')
}

function integerSchema(field: Extract<Field, {kind: 'integer'}>, max: number | undefined): z.ZodNumber {
  const number = z.number().int()
  const atLeast = field.min === undefined ? number : number.min(field.min)
  return max === undefined ? atLeast : atLeast.max(max)
}

/** An input's value: boolean, integer with its bounds, one of its options, or a string (amounts stay decimal strings). */
function valueSchema(field: Field, max: number | undefined): z.ZodType {
  if (field.kind === 'boolean') return z.boolean()
  if (field.kind === 'integer') return integerSchema(field, max)
  const value = field.kind === 'option' ? z.enum(field.options) : z.string()
  return field.multiple ? z.array(value) : value
}

function inputSchema(field: Field, max: number | undefined): z.ZodType {
  const schema = valueSchema(field, max)
  const positionalText = field.positional && 'multiple' in field && field.multiple ? 'One or more values.' : ''
  const text = field.positional ? (field.description ?? field.summary ?? positionalText) : description(field)
  return (field.required ? schema : schema.optional()).describe(text)
}

/**
 * The zod shape of an operation's inputs as data (an agent's tool arguments): each input under its own name
 * (`custom-id`), typed as its kind, bounded and limited to its options as the command's flag is; the positional
 * ones first (a repeatable one is a list). Values are checked further by `parseInput` (the same check as the flag's).
 */
export function inputShape(fields: Fields, selection: InputSelection = {}): Record<string, z.ZodType> {
  const chosen = Object.entries(fields).filter(([name, field]) => !field.hidden && !selection.omit?.includes(name))
  const ordered = [
    ...chosen.filter(([, field]) => field.positional),
    ...chosen.filter(([, field]) => !field.positional),
  ]
  return Object.fromEntries(
    ordered.map(([name, field]) => {
      const bound = selection.bounds?.[name]?.max
      const own = field.kind === 'integer' ? field.max : undefined
      return [name, inputSchema(field, bound === undefined ? own : Math.min(own ?? bound, bound))]
    }),
  )
}
