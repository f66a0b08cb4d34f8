import {ControlCommand} from '../../../cli/emulator-command.js'
import {type Answer, shown} from '../../../cli/shown.js'

export default class EmulatorFaultsClear extends ControlCommand<typeof EmulatorFaultsClear, 'faultsCleared'> {
  static override summary = 'Remove every injected fault.'
  static override examples = ['<%= config.bin %> <%= command.id %>']

  async run(): Promise<Answer<'faultsCleared'>> {
    const control = await this.control()
    const removed = (await control.faults()).length
    await control.clearFaults()
    return shown(
      {cleared: removed},
      {view: ({cleared}, out) => out.line(`Cleared ${cleared} fault${cleared === 1 ? '' : 's'}.`)},
    )
  }
}
