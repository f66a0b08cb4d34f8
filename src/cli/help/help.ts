import type {Command} from '@oclif/core/command'
import {CommandHelp, Help} from '@oclif/core/help'
import {versionLine} from '../../shared/runtime.js'
import {fold} from '../output/fold.js'
import {RERUN} from './rerun.js'

/**
 * oclif renders every help string as an EJS template, compiling each one; only a string with a tag needs that
 * (a few examples say `<%= config.bin %>`), the rest print as written, as EJS would print them.
 */
function templatesOnly(render: (input: string) => string): (input: string) => string {
  return input => (input.includes('<%') ? render(input) : input)
}

/** A shell command as help shows it: folded at spaces outside quotes, each continued line ending in ` \`. */
const shellFold = {shell: true, continuation: ' \\', hang: 4}

class PayctlCommandHelp extends CommandHelp {
  constructor(...args: ConstructorParameters<typeof CommandHelp>) {
    super(...args)
    this.render = templatesOnly(this.render)
  }

  /**
   * oclif's fold breaks a word longer than the line anywhere; this one never breaks a word, and folds a list of
   * options (`bank-iban|bank-swift|…`) after a `|`.
   */
  override wrap(body: string, spacing = this.indentSpacing): string {
    return fold(this.render(body), this.opts.maxWidth - spacing, {hang: 0, breakAfter: '|'})
  }

  /** The width inside a section (sections are indented). */
  private get inner(): number {
    return this.opts.maxWidth - this.indentSpacing
  }

  /**
   * oclif folds a usage line before its template is rendered, so the rendered line can pass the width: each usage
   * is rendered whole and folded here instead.
   */
  protected override usage(): string {
    const joined = super.usage().replace(/\n\s+/g, ' ')
    return joined
      .split('\n')
      .map(line => fold(this.render(line), this.inner, {hang: 2, brackets: true}))
      .join('\n')
  }

  /** Each example command folded as a shell reads it (oclif prints a one-line example unfolded). */
  protected override examples(examples: Command.Example[] | string | undefined): string | undefined {
    const list = typeof examples === 'string' ? [examples] : (examples ?? [])
    if (!list.length) return undefined
    const commands = list.map(example => {
      if (typeof example !== 'string') return fold(super.examples([example]) ?? '', this.inner)
      return example
        .split('\n')
        .filter(Boolean)
        .map(line => fold(this.asCommand(this.render(line)), this.inner, shellFold))
        .join('\n')
    })
    return commands.join('\n\n')
  }

  private asCommand(line: string): string {
    return line.startsWith(this.config.bin) ? `$ ${line}` : line
  }
}

const GET_STARTED = [
  'Try it against the local emulator, no account needed: "payctl emulator start" in one terminal, then',
  '"payctl payouts list" in another (the built-in "local" profile points at it). From a checkout:',
  '"npm ci && npm run demo". A real account: "payctl profiles add NAME --origin URL --environment sandbox",',
  'then "payctl auth login --profile NAME".',
].join(' ')

/** oclif's help, plus a RE-RUN section: whether a command is safe to repeat from cron, and what to do if not. */
export default class PayctlHelp extends Help {
  protected override CommandHelpClass = PayctlCommandHelp

  constructor(...args: ConstructorParameters<typeof Help>) {
    super(...args)
    this.render = templatesOnly(this.render)
    // The VERSION line names the runtime: Bun inside the executables, where oclif's line names the Node version Bun
    // implements. Typed read-only; oclif sets it once in Config.load() and only reads it afterwards.
    ;(this.config as {userAgent: string}).userAgent = versionLine(this.config)
  }

  /** The root help: its summary line, then how to start, then oclif's VERSION, USAGE and DESCRIPTION. */
  override formatRoot(): string {
    const [summary, ...rest] = super.formatRoot().split('\n')
    return [summary, '', this.section('GET STARTED', this.wrap(GET_STARTED)), ...rest].join('\n')
  }

  /** As the command help's `wrap`: never a word broken. */
  override wrap(body: string, spacing = this.indentSpacing): string {
    return fold(this.render(body), this.opts.maxWidth - spacing, {hang: 0, breakAfter: '|'})
  }

  /** Every line of help folded to the width, summaries included (oclif prints those as they are). */
  protected override log(...args: string[]): void {
    super.log(...args.map(text => fold(text, this.opts.maxWidth)))
  }

  protected override formatCommand(command: Command.Loadable): string {
    const text = super.formatCommand(command)
    const note = RERUN[command.id.replaceAll(':', ' ')]
    return note ? `${text}\n\n${this.section('RE-RUN (CRON, RETRIES)', this.wrap(note))}` : text
  }
}
