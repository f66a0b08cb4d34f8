import {Command} from '@oclif/core/command'
import * as Errors from '@oclif/core/errors'
import type * as Interfaces from '@oclif/core/interfaces'
import type {Field, Fields, InputOf} from '../operations/inputs/field.js'
import {exitCodeAfterStop, forgetStops} from '../operations/interrupt.js'
import type {Operation, OperationAnswer} from '../operations/operation.js'
import type {OperationContext} from '../operations/operation-context.js'
import {Session} from '../operations/session.js'
import type {ResultName} from '../results/index.js'
import {
  errorJson,
  formatErrorLine,
  parseErrorMessage,
  reportError,
  unknownFlagSuggestions,
} from '../services/errors/error-report.js'
import {usageError} from '../shared/errors.js'
import {jsonTerminalSafe, terminalSafe} from '../shared/terminal-safe.js'
import type {MoneySummary} from './confirm.js'
import {globalFlags} from './flags/global-flags.js'
import {fold, terminalColumns} from './output/fold.js'
import type {Output} from './output/output.js'
import type {Answer} from './shown.js'

export type BaseFlags<T extends typeof Command> = Interfaces.InferredFlags<typeof globalFlags & T['flags']>
export type BaseArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>

/**
 * Every payctl command: the global flags, the session (profile, clients, secrets), the operations it runs, its
 * result shown once (src/cli/output/rendered.ts), and errors turned into one stderr line (one JSON object under
 * --json) with the documented exit code. `T` is the command's class (its flags and arguments), `R` the result its
 * `run()` answers (src/results; the build writes it into the manifest from src/results/command-results.ts).
 */
export abstract class BaseCommand<T extends typeof Command, R extends ResultName> extends Command {
  static override baseFlags: Interfaces.FlagInput = globalFlags

  protected flags!: BaseFlags<T>
  protected args!: BaseArgs<T>
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
      if (this.optionsGiven().includes('--schema')) return (await this.printSchema()) as V
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
    const {args, argv, flags} = await this.parse({
      flags: this.ctor.flags,
      baseFlags: globalFlags,
      // oclif fills a missing argument from stdin when stdin is not a terminal; payctl reads stdin only for "-".
      args: Object.fromEntries(
        Object.entries(this.ctor.args ?? {}).map(([n, arg]) => [n, {...arg, ignoreStdin: true}]),
      ),
      strict: this.ctor.strict,
    }).catch(error => {
      throw usageError(parseErrorMessage(error), [
        ...unknownFlagSuggestions(error, Object.keys({...globalFlags, ...this.ctor.flags})),
        `see "${this.config.bin} ${this.id?.replaceAll(':', ' ')} --help"`,
      ])
    })
    this.flags = flags as BaseFlags<T>
    this.args = args as BaseArgs<T>
    this.argvAll = argv as string[]
    const {runOutput} = await import('./output/run-output.js')
    this.out = await runOutput(this.flags)
  }

  private optionsGiven(): string[] {
    return this.argv.includes('--') ? this.argv.slice(0, this.argv.indexOf('--')) : this.argv
  }

  private async printSchema(): Promise<undefined> {
    const {printCommandSchema} = await import('./help/command-schema.js')
    printCommandSchema(this.config, this.id)
    return undefined
  }

  /** Our --json is a plain flag: oclif must not print results or errors itself. */
  override jsonEnabled(): boolean {
    return false
  }

  /** What the operations of this run share: the profile, the clients, the secrets to scrub (src/operations/session.ts). */
  protected get session(): Session {
    this.sessionInstance ??= new Session({
      configDir: this.config.configDir,
      dataDir: this.config.dataDir,
      version: this.config.version,
      profile: this.flags?.profile,
      trace: this.flags?.debug ? traceWriter(this.out?.json ?? false) : undefined,
      resolved: ({overridden, name}) => {
        if (overridden && this.out.stderrIsTTY && this.id !== 'auth:status')
          this.out.warn(
            `PAYCTL_API_KEY overrides the stored ${overridden === 'oauth' ? 'OAuth login' : 'API key'} of profile "${name}"`,
          )
      },
    })
    return this.sessionInstance
  }

  /**
   * Runs an operation with this run's flags and arguments as its input (they are made from its inputs), and what
   * the terminal decides beside them (`emulator deliveries` follows by default on a terminal).
   */
  protected operate<F extends Fields, A extends OperationAnswer>(
    operation: Operation<F, A>,
    decided: Partial<InputOf<F>> = {},
  ): Promise<A> {
    const flags: Record<string, unknown> = this.flags
    const args: Record<string, unknown> = this.args
    const given = (name: string, field: Field) =>
      field.positional ? ('multiple' in field && field.multiple ? this.argvAll : args[name]) : flags[name]
    const input = Object.fromEntries(
      Object.entries(operation.inputs).map(([name, field]) => [name, given(name, field)]),
    )
    return operation.run({...(input as InputOf<F>), ...decided}, this.context())
  }

  /** What this run's operations get: the session, this output as their reporter, the production confirmation. */
  protected context(): OperationContext {
    const audience = this.out.json ? 'script' : 'person'
    return {session: this.session, report: this.out, audience, confirm: summary => this.confirmOnProduction(summary)}
  }

  protected profile() {
    return this.session.profile()
  }

  protected client() {
    return this.session.client()
  }

  /** The production confirmation (src/cli/confirm.ts) for this command's profile; --yes skips it. */
  protected async confirmOnProduction(summary: MoneySummary): Promise<void> {
    const {confirmProductionAction} = await import('./confirm.js')
    const {environment} = await this.profile()
    const yes = 'yes' in this.flags && this.flags.yes === true
    await confirmProductionAction({environment, yes, summary, out: this.out})
  }

  /** The --debug trace writer, scrubbing each line, or undefined without --debug. */
  protected debugTrace(): ((line: string) => void) | undefined {
    return this.session.trace()
  }

  override async catch(error: Error & {exitCode?: number}): Promise<never> {
    this.out?.stopSpinners()
    if (error instanceof Errors.ExitError) throw error
    const reported = reportError(error)
    const report = {...reported, exitCode: exitCodeAfterStop(reported.exitCode)}
    // --json as given: errors are JSON only then (--jq, --fields and --quiet shape data, not errors).
    const json = this.flags ? Boolean(this.flags.json) : this.argv.includes('--json')
    const line = json ? jsonTerminalSafe(errorJson(report)) : terminalSafe(formatErrorLine(report))
    // One line in a pipe (scripts read it so) and under --json; folded at word boundaries on a terminal.
    const scrubbed = this.session.scrub(line)
    process.stderr.write(`${json ? scrubbed : fold(scrubbed, terminalColumns(process.stderr))}\n`)
    // Under --json stderr stays JSON: the stack is for people.
    const debug = this.flags?.debug ?? this.argv.includes('--debug')
    if (debug && !json && error?.stack) process.stderr.write(`${this.session.scrub(error.stack)}\n`)
    throw new Errors.ExitError(report.exitCode)
  }

  override async finally(error: Error | undefined): Promise<unknown> {
    this.out?.stopSpinners()
    forgetStops()
    await this.sessionInstance?.close()
    return super.finally(error)
  }
}

/** Where --debug lines go: stderr, one JSON object a line under --json. */
const traceWriter =
  (json: boolean) =>
  (line: string): void => {
    process.stderr.write(json ? `${jsonTerminalSafe(JSON.stringify({debug: line}))}\n` : `[debug] ${line}\n`)
  }
