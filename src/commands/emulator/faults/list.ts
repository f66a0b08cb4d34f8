import {ControlCommand} from '../../../cli/emulator-command.js'
import {type Answer, shown} from '../../../cli/shown.js'

export default class EmulatorFaultsList extends ControlCommand<typeof EmulatorFaultsList, 'faults'> {
  static override summary = 'List the injected faults still waiting for requests.'
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<Answer<'faults'>> {
    const [{faultLine}, control] = await Promise.all([import('../../../cli/output/fault-line.js'), this.control()])
    return shown(await control.faults(), {
      view: (faults, out) => {
        if (!faults.length) out.info('No faults waiting.')
        for (const fault of faults) out.line(faultLine(fault))
      },
    })
  }
}
