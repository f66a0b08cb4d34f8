import type {Command} from '@oclif/core/command'
import {Help} from '@oclif/core/help'
import {RERUN} from './rerun.js'

/** oclif's help, plus a RE-RUN section: whether a command is safe to repeat from cron, and what to do if not. */
export default class PayctlHelp extends Help {
  protected override formatCommand(command: Command.Loadable): string {
    const text = super.formatCommand(command)
    const note = RERUN[command.id.replaceAll(':', ' ')]
    return note ? `${text}\n\n${this.section('RE-RUN (CRON, RETRIES)', this.wrap(note))}` : text
  }
}
