import type {Command} from '@oclif/core/command'
import {CommandHelp, Help} from '@oclif/core/help'
import {versionLine} from '../../shared/runtime.js'
import {RERUN} from './rerun.js'

/**
 * oclif renders every help string as an EJS template, compiling each one; only a string with a tag needs that
 * (a few examples say `<%= config.bin %>`), the rest print as written, as EJS would print them.
 */
function templatesOnly(render: (input: string) => string): (input: string) => string {
  return input => (input.includes('<%') ? render(input) : input)
}

class PayctlCommandHelp extends CommandHelp {
  constructor(...args: ConstructorParameters<typeof CommandHelp>) {
    super(...args)
    this.render = templatesOnly(this.render)
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

  protected override formatCommand(command: Command.Loadable): string {
    const text = super.formatCommand(command)
    const note = RERUN[command.id.replaceAll(':', ' ')]
    return note ? `${text}\n\n${this.section('RE-RUN (CRON, RETRIES)', this.wrap(note))}` : text
  }
}
