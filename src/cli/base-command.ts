import {Command} from '@oclif/core/command'
import * as Errors from '@oclif/core/errors'
import type * as Interfaces from '@oclif/core/interfaces'
import type {Fields, InputOf} from '../operations/inputs/field.js'
import {forgetStops} from '../operations/interrupt.js'
import type {Operation, OperationAnswer} from '../operations/operation.js'
import type {OperationContext} from '../operations/operation-context.js'
import type {Session} from '../operations/session.js'
import type {ResultName} from '../results/index.js'
import {globalFlags} from './flags/global-flags.js'
import type {Output} from './output/output.js'
import {runContext} from './run-context.js'
import {tellFailure} from './run-failure.js'
import {operationInput} from './run-input.js'
import {type Declared, parseFailure, parseOptions, schemaAsked} from './run-parse.js'
import {runSession} from './run-session.js'
import type {Answer} from './shown.js'

export type BaseFlags<T extends Declared> = Interfaces.InferredFlags<typeof globalFlags & T['flags']>

/**
 * Every payctl command's life: flags parsed (run-parse.ts), a session (run-session.ts), operations run, the result
 * shown once (output/rendered.ts), a failure told with its exit code (run-failure.ts). `T` declares its flags and
 * arguments (`typeof X`, or commandOf's), `R` the result `run()` answers (src/results; results/command-results.ts).
 */
export abstract class BaseCommand<T extends Declared, R extends ResultName> extends Command {
  static override baseFlags: Interfaces.FlagInput = globalFlags

  protected flags!: BaseFlags<T>
  protected args!: Interfaces.InferredArgs<T['args']>
  /** Every positional argument in order (for variadic commands, `static strict = false`). */
  protected argvAll: string[] = []
  protected out!: Output
  private sessionInstance?: Session

  /** The result's name, for the compiler alone (test/commands/results/result-types.test.ts reads it). */
  declare readonly resultName?: R

  abstract override run(): Promise<Answer<R>>

  /** oclif's run of a command, with the result shown once `run()` answered it; --schema prints the schema instead. */
  protected override async _run<V>(): Promise<V> {
    let failed: Error | undefined
    try {
      if (schemaAsked(this.argv))
        return (await import('./help/command-schema.js')).printCommandSchema(this.config, this.id) as V
      await this.init()
      const {rendered} = await import('./output/rendered.js')
      return (await rendered(await this.run(), this.out)) as V
    } catch (error) {
      failed = error as Error
      return (await this.catch(failed)) as V
    } finally {
      await this.finally(failed)
    }
  }

  override async init(): Promise<void> {
    await super.init()
    const {args, argv, flags} = await this.parse(parseOptions(this.ctor)).catch(error => {
      throw parseFailure(error, this.ctor, this.config.bin, this.id)
    })
    this.flags = flags as BaseFlags<T>
    this.args = args as Interfaces.InferredArgs<T['args']>
    this.argvAll = argv.map(String)
    const {runOutput} = await import('./output/run-output.js')
    this.out = await runOutput(this.flags)
  }

  /** Our --json is a plain flag: oclif must not print results or errors itself. */
  override jsonEnabled(): boolean {
    return false
  }

  /** What the operations of this run share: the profile, the clients, the secrets to scrub (src/operations/session.ts). */
  protected get session(): Session {
    this.sessionInstance ??= runSession({config: this.config, id: this.id, flags: this.flags, out: () => this.out})
    return this.sessionInstance
  }

  /** Runs an operation with this run's flags and arguments as its input, and what the terminal decides beside them. */
  protected operate<F extends Fields, A extends OperationAnswer>(
    operation: Operation<F, A>,
    decided: Partial<InputOf<F>> = {},
  ): Promise<A> {
    const input = operationInput(operation.inputs, {flags: this.flags, args: this.args, argvAll: this.argvAll})
    return operation.run({...input, ...decided}, this.context())
  }

  /** What this run's operations get: the session, this output as their reporter, the production confirmation. */
  protected context(): OperationContext {
    return runContext(this.session, this.out, 'yes' in this.flags && this.flags.yes === true)
  }

  override async catch(error: Error & {exitCode?: number}): Promise<never> {
    this.out?.stopSpinners()
    if (error instanceof Errors.ExitError) throw error
    // --json as given: errors are JSON only then (--jq, --fields and --quiet shape data, not errors).
    const json = this.flags ? Boolean(this.flags.json) : this.argv.includes('--json')
    const debug = this.flags?.debug ?? this.argv.includes('--debug')
    throw new Errors.ExitError(tellFailure(error, {json, debug, scrub: text => this.session.scrub(text)}))
  }

  override async finally(error: Error | undefined): Promise<unknown> {
    this.out?.stopSpinners()
    forgetStops()
    await this.sessionInstance?.close()
    return super.finally(error)
  }
}
