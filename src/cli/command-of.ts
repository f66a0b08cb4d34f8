import type * as Interfaces from '@oclif/core/interfaces'
import type {Fields, InputOf} from '../operations/inputs/field.js'
import type {Operation, OperationAnswer} from '../operations/operation.js'
import type {ResultName} from '../results/index.js'
import {BaseCommand, type BaseFlags} from './base-command.js'
import {argsOf, type FlagsOf, flagsOf} from './flags/flag-of.js'
import type {Output} from './output/output.js'
import type {Answer} from './shown.js'

/** The flags and arguments of a command of operation inputs `F` with the terminal's own flags `E`. */
type OperationFlags<F extends Fields, E extends Interfaces.FlagInput> = {
  flags: FlagsOf<F> & E
  args: ReturnType<typeof argsOf>
}

/** What `decide` and `show` get of the run: its flags and arguments as parsed, its Output, its bin and exit. */
export interface CommandRun<F extends Fields, E extends Interfaces.FlagInput> {
  readonly flags: BaseFlags<OperationFlags<F, E>>
  readonly args: Interfaces.InferredArgs<OperationFlags<F, E>['args']>
  /** What the run's output is (a terminal, -o, --json), and where an `after` speaks; a view writes to its own `out`. */
  readonly out: Output
  readonly bin: string
  exit(code: number): never
}

/** What a command of an operation says of its own; the rest (summary, flags, arguments, run) is the operation's. */
export interface CommandDeclaration<
  F extends Fields,
  A extends OperationAnswer,
  R extends ResultName,
  E extends Interfaces.FlagInput,
  V,
> {
  /** The result it answers (src/results), as its row in results/command-results.ts says: `show` is held to it. */
  result: R
  description: string
  examples: string[]
  /** The terminal's own flags, after the operation's: --yes, -o, --open. */
  flags?: E
  /** An input the terminal decides beside the flags (whether to follow a log: stdout is a terminal). */
  decide?(run: CommandRun<F, E>): Partial<InputOf<F>>
  /** Its view's module, loaded while the operation runs (a command's module stays light: start-up is measured). */
  view(): Promise<V>
  /** The operation's answer as `run()` answers it: the value with its view (src/cli/shown.ts), or an item stream. */
  show(answer: A, view: V, run: CommandRun<F, E>): Answer<R> | Promise<Answer<R>>
}

/** A positional input that takes the rest of the line (payout ids) makes the command take any number of arguments. */
const variadic = (inputs: Fields) =>
  Object.values(inputs).some(field => field.positional && 'multiple' in field && field.multiple)

/**
 * The command of an operation (its module's default export, which oclif loads): the operation's summary, flags and
 * arguments, the command's own texts, flags and view. Its `run()` runs the operation with the run's flags and
 * arguments and answers what `show` makes of the answer; BaseCommand shows it.
 */
export function commandOf<
  F extends Fields,
  A extends OperationAnswer,
  R extends ResultName,
  V,
  E extends Interfaces.FlagInput = Record<never, never>,
>(operation: Operation<F, A>, declared: CommandDeclaration<F, A, R, E, V>) {
  return class extends BaseCommand<OperationFlags<F, E>, R> {
    static override summary = operation.summary
    static override description = declared.description
    static override examples = declared.examples
    static override strict = !variadic(operation.inputs)
    static override args = argsOf(operation.inputs)
    static override flags = {...flagsOf(operation.inputs), ...declared.flags}

    async run(): Promise<Answer<R>> {
      const run: CommandRun<F, E> = {
        flags: this.flags,
        args: this.args,
        out: this.out,
        bin: this.config.bin,
        exit: code => this.exit(code),
      }
      const [answer, view] = await Promise.all([this.operate(operation, declared.decide?.(run)), declared.view()])
      return declared.show(answer, view, run)
    }
  }
}
