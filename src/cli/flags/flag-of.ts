import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import type {Flag} from '@oclif/core/interfaces'
import type {Field, Fields, FieldValue} from '../../operations/inputs/field.js'

/** Only the options that are set: oclif's manifest keeps what a flag names, even when it is undefined. */
const defined = (options: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))

/** What an oclif flag takes of an input's definition, whatever its kind. */
const common = (field: Field) => ({
  summary: field.summary,
  description: field.description,
  required: field.required,
  helpGroup: field.helpGroup,
  char: field.char,
  aliases: field.aliases && [...field.aliases],
  exclusive: field.exclusive && [...field.exclusive],
  dependsOn: field.dependsOn && [...field.dependsOn],
  hidden: field.hidden,
})

/** A text input's default: its value, or (`defaultWith`) its value only when that other flag is given. */
function textDefault(field: Extract<Field, {kind: 'text'}>) {
  const {defaultWith, default: value} = field
  if (defaultWith === undefined) return value
  return async ({flags}: {flags: Record<string, unknown>}) => (flags[defaultWith] ? value : undefined)
}

/** The flag as oclif defines it; its type is given by `flagOf`, from the input's definition. */
function oclifFlag(field: Field): unknown {
  switch (field.kind) {
    case 'boolean':
      return Flags.boolean(defined({...common(field), allowNo: field.allowNo}))
    case 'integer':
      return Flags.integer(defined({...common(field), min: field.min, max: field.max, default: field.default}))
    case 'option':
      return Flags.custom(
        defined({
          ...common(field),
          options: field.options,
          default: field.default,
          multiple: field.multiple,
          multipleNonGreedy: field.multiple,
        }),
      )()
    case 'text': {
      const {parse} = field
      return Flags.custom(
        defined({
          ...common(field),
          parse: parse && (async (input: string) => parse(input)),
          default: textDefault(field),
          defaultHelp: field.defaultHelp === undefined ? undefined : async () => field.defaultHelp,
          multiple: field.multiple,
          multipleNonGreedy: field.multiple,
        }),
      )()
    }
  }
}

/**
 * The oclif flag of an operation's input (src/operations/inputs/field.ts): the same name, kind, bounds, options,
 * default and check that the agent's tool schema is made from. A parse error names the flag (exit 2). Its type is
 * the input's value, as the definition says.
 */
export const flagOf = <F extends Field>(field: F) => oclifFlag(field) as Flag<FieldValue<F>>

type FlagNames<F extends Fields> = {[K in keyof F]: F[K] extends {positional: true} ? never : K}[keyof F]

/** The oclif flags of an operation's inputs, each typed as its input's value. */
export type FlagsOf<F extends Fields> = {[K in FlagNames<F>]: Flag<FieldValue<F[K]>>}

/** The flags of an operation's inputs (its positional ones are arguments: `argsOf`). */
export function flagsOf<F extends Fields>(fields: F): FlagsOf<F> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => !field.positional)
      .map(([name, field]) => [name, oclifFlag(field)]),
  ) as FlagsOf<F>
}

/** The positional arguments of an operation's inputs, in order; payctl reads stdin only where "-" is given. */
export function argsOf<F extends Fields>(fields: F) {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.positional)
      .map(([name, field]) => [
        name,
        Args.string(
          defined({
            description: field.description ?? field.summary,
            required: field.required,
            options: field.kind === 'option' ? [...field.options] : undefined,
          }),
        ),
      ]),
  )
}
