import {ControlCommand} from '../../cli/emulator-command.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class EmulatorReset extends ControlCommand<typeof EmulatorReset, 'emulatorReset'> {
  static override summary = "Empty the running emulator's database and seed it again."
  static override description =
    'Everything goes: payouts, counterparties, transactions, webhook subscriptions and their delivery log, OAuth clients and tokens. The seed comes back with the same well-known keys, the clock returns to real time and injected faults are cleared. Only the emulator is touched. On a profile marked production (even one pointing at a loopback address) it asks first, and needs --yes without a terminal.'

  static override examples = ['<%= config.bin %> <%= command.id %>']

  static override flags = {yes: yesFlag}

  async run(): Promise<Answer<'emulatorReset'>> {
    const profile = await this.session.profile()
    const {confirmProductionAction} = await import('../../cli/confirm.js')
    await confirmProductionAction({
      environment: profile.environment,
      yes: this.flags.yes,
      summary: {action: 'reset the emulator (wipe its database)', count: 1},
      out: this.out,
    })
    const answer = await (await this.control()).reset()
    return shown(answer, {
      view: (reset, out) => out.line(`Emulator reset: fresh seed, team ${reset.teamId}, real time, no faults.`),
    })
  }
}
