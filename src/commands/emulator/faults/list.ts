import {ControlCommand} from '../../../cli/emulator-command.js'

export default class EmulatorFaultsList extends ControlCommand<typeof EmulatorFaultsList> {
  static override summary = 'List the injected faults still waiting for requests.'
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<void> {
    const [{faultLine}, control] = await Promise.all([import('../../../cli/output/fault-line.js'), this.control()])
    const faults = await control.faults()
    if (this.flags.json) this.out.printJson(faults)
    else if (!faults.length) this.out.info('No faults waiting.')
    else for (const fault of faults) this.out.line(faultLine(fault))
  }
}
