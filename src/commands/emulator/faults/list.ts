import {ControlCommand} from '../../../cli/emulator-command.js'
import type {ResultOf} from '../../../results/index.js'

export default class EmulatorFaultsList extends ControlCommand<typeof EmulatorFaultsList> {
  static override result = 'faults' as const
  static override summary = 'List the injected faults still waiting for requests.'
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<ResultOf<typeof EmulatorFaultsList.result>> {
    const [{faultLine}, control] = await Promise.all([import('../../../cli/output/fault-line.js'), this.control()])
    return this.respond(await control.faults(), {
      view: faults => {
        if (!faults.length) this.out.info('No faults waiting.')
        for (const fault of faults) this.out.line(faultLine(fault))
      },
    })
  }
}
