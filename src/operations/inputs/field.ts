/**
 * One input of an operation, defined once: the command's flag (or positional argument) is made from it
 * (src/cli/flags/flag-of.ts), and so is the tool's input schema (src/operations/inputs/input-schema.ts). Plain data
 * and a parse function: no oclif, no zod, so a command loads it at no cost.
 */
type Lower =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'

interface FieldCommon {
  summary: string
  description?: string
  required?: boolean
  /** The help section it is listed under (GLOBAL is the base command's). */
  helpGroup?: string
  /** A one-letter flag (-y). */
  char?: Lower | Uppercase<Lower>
  /** Other names of the flag (--since for --from). */
  aliases?: readonly string[]
  /** Inputs it cannot be given with. */
  exclusive?: readonly string[]
  /** Inputs it needs. */
  dependsOn?: readonly string[]
  hidden?: boolean
  /** A positional argument on the command line (the whole rest of the line when `multiple`), not a flag. */
  positional?: boolean
}

export interface BooleanField extends FieldCommon {
  kind: 'boolean'
  /** --no-NAME turns it off. */
  allowNo?: boolean
}

export interface IntegerField extends FieldCommon {
  kind: 'integer'
  min?: number
  max?: number
  default?: number
}

export interface OptionField<O extends string = string> extends FieldCommon {
  kind: 'option'
  options: readonly O[]
  default?: O
  multiple?: boolean
}

export interface TextField<T = string> extends FieldCommon {
  kind: 'text'
  /** The value as the operation takes it; throws an Error whose message says what is wrong (the input is named for it). */
  parse?(value: string): T
  default?: T
  /** How the default is shown in help (15m for a duration in milliseconds). */
  defaultHelp?: string
  /** The default applies only when this other input is given (--timeout of --wait). */
  defaultWith?: string
  multiple?: boolean
}

export type Field = BooleanField | IntegerField | OptionField | TextField<unknown>

/** An operation's inputs, by name: the flag's name (`custom-id`), the tool's argument's name. */
export type Fields = Readonly<Record<string, Field>>

type ValueOf<F> = F extends BooleanField
  ? boolean
  : F extends IntegerField
    ? number
    : F extends OptionField<infer O>
      ? O
      : F extends {kind: 'text'; parse: (value: string) => infer T}
        ? T
        : F extends {kind: 'text'}
          ? string
          : never

type Listed<F, V> = F extends {multiple: true} ? V[] : V

/**
 * Present when required or defaulted (a default `defaultWith` another input: whenever that one is given); a switch is
 * always on or off (absent is off), unless it can be turned off (`allowNo`): then absent is neither.
 */
type Given<F, V> = F extends {required: true}
  ? V
  : F extends BooleanField
    ? F extends {allowNo: true}
      ? V | undefined
      : V
    : F extends {default: unknown}
      ? V
      : V | undefined

/** An input's value, as parsed: by its kind, a list where repeatable, absent where optional. */
export type FieldValue<F> = Given<F, Listed<F, ValueOf<F>>>

/** The values of an operation's inputs, as parsed. */
export type InputOf<F extends Fields> = {-readonly [K in keyof F]: FieldValue<F[K]>}

type Options<F extends Field> = Omit<F, 'kind'>

export const booleanInput = <const O extends Options<BooleanField>>(options: O) => ({
  kind: 'boolean' as const,
  ...options,
})

export const integerInput = <const O extends Options<IntegerField>>(options: O) => ({
  kind: 'integer' as const,
  ...options,
})

export const optionInput = <const V extends string, const O extends Omit<Options<OptionField<V>>, 'options'>>(
  options: readonly V[],
  rest: O,
) => ({kind: 'option' as const, options, ...rest})

export const textInput = <const O extends Options<TextField<string>>>(options: O) => ({
  kind: 'text' as const,
  ...options,
})

/** A text input whose value is parsed into another type (a duration into milliseconds). */
export const parsedInput = <T, const O extends Omit<Options<TextField<T>>, 'parse'>>(
  parse: (value: string) => T,
  options: O,
) => ({kind: 'text' as const, parse, ...options})

/**
 * A text input with a check: the value is trimmed and normalised (lower-case currency upper-cased), then refused
 * with the check's reason. Makes an input definition of that kind with the given options.
 */
export const checkedInput =
  (problem: (value: string) => string | undefined, normalize: (value: string) => string = value => value) =>
  <const O extends Omit<Options<TextField<string>>, 'parse'>>(options: O) =>
    parsedInput((input: string) => {
      const value = normalize(input.trim())
      const reason = problem(value)
      if (reason) throw new Error(reason)
      return value
    }, options)
