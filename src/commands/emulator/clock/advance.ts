import * as Args from '@oclif/core/args'
import {ControlCommand} from '../../../cli/emulator-command.js'
import {type Answer, shown} from '../../../cli/shown.js'
import {usageError} from '../../../shared/errors.js'

export default class EmulatorClockAdvance extends ControlCommand<typeof EmulatorClockAdvance> {
  static override result = 'clock' as const
  static override summary = "Move the emulator's clock forward; what became due runs at once."
  static override description =
    `DURATION is seconds (90) or with units: 10s, 5m, 1h30m, 30d. Payout expiries and webhook retries that became due run before the command returns. Deliveries are signed with the emulator's time: a listener checks their timestamp against its own clock, so past its --tolerance (300 s) use "webhooks listen --tolerance 0".`

  static override examples = [
    '<%= config.bin %> <%= command.id %> 10s',
    '<%= config.bin %> <%= command.id %> 31d --json',
  ]

  static override args = {
    duration: Args.string({description: 'How far: 90, 10s, 5m, 1h30m, 30d.', required: true}),
  }

  async run(): Promise<Answer<typeof EmulatorClockAdvance.result>> {
    const {formatDuration, parseDuration} = await import('../../../services/emulator-control/duration.js')
    let seconds: number
    try {
      seconds = parseDuration(this.args.duration)
    } catch (error) {
      throw usageError(`DURATION ${(error as Error).message}`)
    }
    const clock = await (await this.control()).advanceClock(seconds)
    return shown(clock, {
      view: ({now, offsetSeconds, expired}, out) => {
        const gone = expired ? `; ${expired} payout${expired === 1 ? '' : 's'} expired` : ''
        out.line(`Emulator clock: ${now} (${formatDuration(offsetSeconds)} ahead of real time)${gone}.`)
      },
    })
  }
}
