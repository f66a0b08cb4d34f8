import {ControlCommand} from '../../cli/emulator-command.js'

export default class EmulatorReset extends ControlCommand<typeof EmulatorReset> {
  static override summary = "Empty the running emulator's database and seed it again."
  static override description =
    'Everything goes: payouts, counterparties, transactions, webhook subscriptions and their delivery log, OAuth clients and tokens. The seed comes back with the same well-known keys, the clock returns to real time and injected faults are cleared. Only the emulator is touched.'

  static override examples = ['<%= config.bin %> <%= command.id %>']

  async run(): Promise<void> {
    const answer = await (await this.control()).reset()
    if (this.flags.json) this.out.printJson(answer)
    else this.out.line(`Emulator reset: fresh seed, team ${answer.teamId}, real time, no faults.`)
  }
}
