import {ControlCommand} from '../../../cli/emulator-command.js'

export default class EmulatorFaultsClear extends ControlCommand<typeof EmulatorFaultsClear> {
  static override summary = 'Remove every injected fault.'
  static override examples = ['<%= config.bin %> <%= command.id %>']

  async run(): Promise<{cleared: number}> {
    const control = await this.control()
    const removed = (await control.faults()).length
    await control.clearFaults()
    return this.respond(
      {cleared: removed},
      {view: ({cleared}) => this.out.line(`Cleared ${cleared} fault${cleared === 1 ? '' : 's'}.`)},
    )
  }
}
