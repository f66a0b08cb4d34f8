import {Command} from '@oclif/core/command'
import * as Errors from '@oclif/core/errors'
import * as Flags from '@oclif/core/flags'
import type * as Interfaces from '@oclif/core/interfaces'
import type {PayoutClient} from '../client/index.js'
import {scrubBearer, scrubSecrets} from '../client/redact.js'
import {heldSecrets} from '../config/held-secrets.js'
import type {ResolvedProfile} from '../config/resolve.js'
import type {ResultName, UnreadItems} from '../results/index.js'
import {
  errorJson,
  errorObject,
  formatErrorLine,
  parseErrorMessage,
  reportError,
  unknownFlagSuggestions,
} from '../services/errors/error-report.js'
import {usageError} from '../shared/errors.js'
import {userAgent} from '../shared/runtime.js'
import type {MoneySummary} from './confirm.js'
import {currentDataSink} from './data-run.js'
import {outputFlag} from './flags/output-flag.js'
import {schemaFlag} from './flags/schema-flag.js'
import {exitCodeAfterStop, forgetStops} from './interrupt.js'
import type {ListFormat} from './output/columns.js'
import {fold, terminalColumns} from './output/fold.js'
import type {ItemStream} from './output/item-stream.js'
import {Output} from './output/output.js'
import type {ScriptOptions} from './output/script.js'
import {jsonTerminalSafe, terminalSafe} from './output/terminal-safe.js'
import {Shown} from './shown.js'

export type BaseFlags<T extends typeof Command> = Interfaces.InferredFlags<
  (typeof BaseCommand)['baseFlags'] & T['flags']
>
export type BaseArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>

/**
 * oclif fills a missing argument from stdin when stdin is not a terminal. payctl reads stdin only where the user
 * says "-": a script's stdin (or an MCP server's, which is its channel) is never taken by surprise.
 */
function argsWithoutStdin(args: Interfaces.ArgInput | undefined): Interfaces.ArgInput {
  return Object.fromEntries(Object.entries(args ?? {}).map(([name, arg]) => [name, {...arg, ignoreStdin: true}]))
}

/** Every string in a value (an error report) through `scrub`. */
function scrubStrings<V>(value: V, scrub: (line: string) => string): V {
  if (typeof value === 'string') return scrub(value) as V
  if (Array.isArray(value)) return value.map(item => scrubStrings(item, scrub)) as V
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubStrings(item, scrub)])) as V
  return value
}

/**
 * Every payctl command: the global flags, profile resolution, the API client, output helpers, and errors
 * turned into one stderr line (one JSON object under --json) with the documented exit code.
 */
export abstract class BaseCommand<T extends typeof Command> extends Command {
  /**
   * The name of what `run()` returns (src/results): every command declares it, its `run()` returns
   * `Answer<typeof X.result>` (the result, maybe with its views: src/cli/shown.ts), and --json prints exactly that
   * value. It reaches the manifest, where the MCP tools' output schemas and `--schema` read it.
   */
  static result?: ResultName

  static override baseFlags = {
    profile: Flags.string({
      summary: 'Profile to use (default: the active profile, else the built-in "local").',
      env: 'PAYCTL_PROFILE',
      helpGroup: 'GLOBAL',
    }),
    json: Flags.boolean({
      summary: 'Print raw API objects as JSON on stdout, and errors as JSON on stderr.',
      helpGroup: 'GLOBAL',
    }),
    debug: Flags.boolean({
      summary: 'Trace HTTP requests on stderr (secrets redacted).',
      helpGroup: 'GLOBAL',
    }),
    jq: Flags.string({
      char: 'q',
      summary: 'Filter the JSON output with a jq expression (strings print raw), like gh --jq.',
      helpGroup: 'GLOBAL',
      exclusive: ['template', 'quiet'],
    }),
    template: Flags.string({
      char: 't',
      summary: 'Print each JSON item through a template: "{{.id}}\\t{{.status}}".',
      helpGroup: 'GLOBAL',
      exclusive: ['quiet'],
    }),
    fields: Flags.string({
      summary: 'Only these fields (comma-separated JSON keys) in tables, csv, tsv and JSON.',
      helpGroup: 'GLOBAL',
    }),
    quiet: Flags.boolean({
      summary: 'Print only ids, one per line.',
      helpGroup: 'GLOBAL',
    }),
    schema: schemaFlag,
    output: outputFlag,
    'csv-formulas': Flags.boolean({
      summary:
        "-o csv and tsv: write a cell that begins with =, +, -, @, a tab or CR (spaces allowed before them) as it is (default: with a ' before it, so that a spreadsheet shows text, not a formula; payctl's import removes the ').",
      helpGroup: 'GLOBAL',
    }),
    color: Flags.boolean({
      summary: 'Colours and bold on a terminal (default; --no-color turns them off, as NO_COLOR=1 or FORCE_COLOR=0).',
      helpGroup: 'GLOBAL',
      allowNo: true,
    }),
  }

  protected flags!: BaseFlags<T>
  protected args!: BaseArgs<T>
  /** Every positional argument in order (for variadic commands, `static strict = false`). */
  protected argvAll: string[] = []
  protected out!: Output
  /** --json as given: errors are JSON only then (--jq, --fields and --quiet shape data, not errors). */
  protected jsonErrors = false
  private clientInstance?: PayoutClient
  private clientLoad?: Promise<PayoutClient>
  private profileInstance?: ResolvedProfile
  private profileLoad?: Promise<ResolvedProfile>

  override async init(): Promise<void> {
    this.out = new Output({json: this.argv.includes('--json'), sink: currentDataSink()})
    await super.init()
    const options = this.argv.includes('--') ? this.argv.slice(0, this.argv.indexOf('--')) : this.argv
    if (options.includes('--schema')) {
      const {printCommandSchema} = await import('./help/command-schema.js')
      printCommandSchema(this.config, this.id)
      this.exit(0)
    }
    const {args, argv, flags} = await this.parse({
      flags: this.ctor.flags,
      baseFlags: (super.ctor as typeof BaseCommand).baseFlags,
      args: argsWithoutStdin(this.ctor.args),
      strict: this.ctor.strict,
    }).catch(error => {
      const flagNames = Object.keys({...(super.ctor as typeof BaseCommand).baseFlags, ...this.ctor.flags})
      throw usageError(parseErrorMessage(error), [
        ...unknownFlagSuggestions(error, flagNames),
        `see "${this.config.bin} ${this.id?.replaceAll(':', ' ')} --help"`,
      ])
    })
    this.flags = flags as BaseFlags<T>
    this.args = args as BaseArgs<T>
    this.argvAll = argv as string[]
    this.jsonErrors = Boolean(this.flags.json)
    // Also for what draws itself (the spinner library reads the environment).
    if (this.flags.color === false) process.env.NO_COLOR = '1'
    if (this.flags.color === true) {
      delete process.env.NO_COLOR
      process.env.FORCE_COLOR = '1'
    }
    const script = await this.scriptOptions()
    // Every -o but table asks for the data (rendered by printJson when a command has no columns); --fields and
    // --quiet shape JSON unless -o asks for a table.
    const format = this.flags.output
    this.flags.json = Boolean(
      this.flags.json ||
        script.jsonRequested ||
        (format !== undefined && format !== 'table') ||
        ((script.quiet || script.fields) && format === undefined),
    )
    const silent = Boolean(this.jsonErrors || script.jsonRequested || script.quiet || script.fields)
    this.out = new Output({json: this.flags.json, silent, script, sink: currentDataSink()})
    const run = this.run.bind(this)
    this.run = async () => this.rendered(await run())
  }

  /**
   * The one place a command's result is shown, once `run()` returned it (src/cli/shown.ts): a run for data (an MCP
   * tool call, src/cli/data-run.ts) takes the value as it is; --json and the script flags print it through its `json`
   * view (default: printJson, which also does -o csv/tsv/jsonl, --fields, --jq, --template, --quiet); else its `view`
   * shows it to a person (default: the JSON too). An item stream is read and written here
   * (src/cli/output/render-stream.ts). Then the result's `after` runs: its error ends the run with the result shown.
   */
  private async rendered(value: unknown): Promise<unknown> {
    if ((value as Partial<UnreadItems> | undefined)?.itemStream === true) {
      const {renderItemStream} = await import('./output/render-stream.js')
      return renderItemStream(this.out, value as ItemStream<unknown>)
    }
    const {value: result, views}: Shown<unknown> = value instanceof Shown ? value : new Shown(value, {})
    const show = this.flags.json ? views.json : views.view
    // Kept in the sink also when `after` fails: a run for data answers the result with the error (exit 8).
    if (this.out.sink) this.out.sink.set(result)
    else if (show) await show(result, this.out)
    else this.out.printJson(result)
    return (await views.after?.(result)) ?? result
  }

  /** --jq, --template, --fields and --quiet; the jq engine is loaded only when --jq is given. */
  private async scriptOptions(): Promise<ScriptOptions> {
    const {jq, template, fields, quiet, json, output: format} = this.flags
    const csvFormulas = this.flags['csv-formulas']
    if (jq === undefined && template === undefined && fields === undefined && !quiet) return {format, csvFormulas}
    if ((jq !== undefined || template !== undefined) && format && format !== 'json' && format !== 'jsonl')
      throw usageError(`${jq === undefined ? '--template' : '--jq'} works on JSON: use -o json or jsonl, not ${format}`)
    const [{parseFields}, jqFilter, render] = await Promise.all([
      import('./output/script.js'),
      jq === undefined ? undefined : import('./output/jq.js').then(m => m.loadJqFilter(jq, process.stdout.isTTY)),
      template === undefined ? undefined : import('./output/template.js').then(m => m.compileTemplate(template)),
    ])
    return {
      jq: jqFilter,
      template: render,
      fields: fields === undefined ? undefined : parseFields(fields),
      quiet,
      format,
      csvFormulas,
      jsonRequested: Boolean(json || jq !== undefined || template !== undefined),
    }
  }

  /** Our --json is a plain flag: oclif must not print results or errors itself. */
  override jsonEnabled(): boolean {
    return false
  }

  /** The resolved profile, once per run (concurrent callers share one resolution). */
  protected profile(): Promise<ResolvedProfile> {
    this.profileLoad ??= this.resolveProfile()
    return this.profileLoad
  }

  /** The counterparties agents created or changed through `payctl mcp` on this profile (destination lines mark them). */
  protected async agentChanges() {
    const {AgentChanges} = await import('../services/counterparties/agent-changes.js')
    return new AgentChanges(this.config.dataDir, await this.profile())
  }

  private async resolveProfile(): Promise<ResolvedProfile> {
    const {resolveProfile} = await import('../config/resolve.js')
    this.profileInstance = await resolveProfile({configDir: this.config.configDir, profile: this.flags.profile})
    const {overridden, name} = this.profileInstance
    if (overridden && this.out.stderrIsTTY && this.id !== 'auth:status')
      this.out.warn(
        `PAYCTL_API_KEY overrides the stored ${overridden === 'oauth' ? 'OAuth login' : 'API key'} of profile "${name}"`,
      )
    return this.profileInstance
  }

  /** The API client, once per run; its modules load while the profile resolves. */
  protected client(): Promise<PayoutClient> {
    this.clientLoad ??= this.createClient()
    return this.clientLoad
  }

  private async createClient(): Promise<PayoutClient> {
    const [profile, {PayoutClient}, {authProviderFor}] = await Promise.all([
      this.profile(),
      import('../client/index.js'),
      import('../services/auth/auth-provider.js'),
    ])
    this.clientInstance = new PayoutClient({
      origin: profile.origin,
      auth: await authProviderFor(profile, this.config.configDir, this.debugTrace(), this.config.dataDir),
      userAgent: userAgent(this.config.version),
      debug: this.debugTrace(),
    })
    return this.clientInstance
  }

  /** What a `--since-state FILE` run needs from its command (src/cli/workflows/unattended-lists.ts). */
  protected async unattended(path: string, format?: ListFormat) {
    const [{name, origin}, client] = await Promise.all([this.profile(), this.client()])
    return {out: this.out, client, profile: {name, origin}, path, format, jsonErrors: this.jsonErrors}
  }

  /** The production confirmation (src/cli/confirm.ts) for this command's profile; --yes skips it. */
  protected async confirmOnProduction(summary: MoneySummary): Promise<void> {
    const {confirmProductionAction} = await import('./confirm.js')
    await confirmProductionAction({
      environment: (await this.profile()).environment,
      yes: Boolean((this.flags as {yes?: boolean}).yes),
      summary,
      out: this.out,
    })
  }

  /** The --debug trace writer (stderr; one JSON object a line under --json), or undefined without --debug. */
  protected debugTrace(): ((line: string) => void) | undefined {
    if (!this.flags.debug) return undefined
    if (this.flags.json)
      return line => process.stderr.write(`${jsonTerminalSafe(JSON.stringify({debug: this.scrub(line)}))}\n`)
    return line => process.stderr.write(`[debug] ${this.scrub(line)}\n`)
  }

  /**
   * The secrets this run holds (the key in force, OAuth tokens, webhook signing secrets) and any bearer credential,
   * replaced by [redacted] in a line meant for stderr, whatever a server echoed into it.
   */
  protected scrub(line: string): string {
    return scrubSecrets(scrubBearer(line), heldSecrets(this.profileInstance))
  }

  override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    this.out?.stopSpinners()
    if (error instanceof Errors.ExitError) throw error
    const reported = reportError(error)
    const report = {...reported, exitCode: exitCodeAfterStop(reported.exitCode)}
    const sink = currentDataSink()
    if (sink) {
      sink.error = scrubStrings(errorObject(report), line => this.scrub(line))
      throw new Errors.ExitError(report.exitCode)
    }
    const json = this.flags ? this.jsonErrors : this.argv.includes('--json')
    const debug = this.flags?.debug ?? this.argv.includes('--debug')
    const line = json ? jsonTerminalSafe(errorJson(report)) : terminalSafe(formatErrorLine(report))
    // One line in a pipe (scripts read it so) and under --json; folded at word boundaries on a terminal.
    process.stderr.write(`${json ? this.scrub(line) : fold(this.scrub(line), terminalColumns(process.stderr))}\n`)
    // Under --json stderr stays JSON: the stack is for people.
    if (debug && !json && error?.stack) process.stderr.write(`${this.scrub(error.stack)}\n`)
    throw new Errors.ExitError(report.exitCode)
  }

  override async finally(error: Error | undefined): Promise<unknown> {
    this.out?.stopSpinners()
    forgetStops()
    await this.clientInstance?.close()
    return super.finally(error)
  }
}
