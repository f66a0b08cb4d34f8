import {ControlCommand} from '../../../cli/emulator-command.js'

export default class EmulatorFaultsClear extends ControlCommand<typeof EmulatorFaultsClear> {
  static override summary = 'Remove every injected fault.'
  static override examples = ['<%= config.bin %> <%= command.id %>']

  async run(): Promise<void> {
    const control = await this.control()
    const removed = (await control.faults()).length
    await control.clearFaults()
    if (this.flags.json) this.out.printJson({cleared: removed})
    else this.out.line(`Cleared ${removed} fault${removed === 1 ? '' : 's'}.`)
  }
}
