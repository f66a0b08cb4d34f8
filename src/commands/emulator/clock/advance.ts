import {BaseCommand} from '../../../cli/base-command.js'
import {argsOf} from '../../../cli/flags/flag-of.js'
import {type Answer, shownAnswer} from '../../../cli/shown.js'
import {emulatorClockAdvance} from '../../../operations/emulator/emulator-controls.js'

export default class EmulatorClockAdvance extends BaseCommand<typeof EmulatorClockAdvance, 'clock'> {
  static override summary = emulatorClockAdvance.summary
  static override description =
    `DURATION is seconds (90) or with units: 10s, 5m, 1h30m, 30d. Payout expiries and webhook retries that became due run before the command returns. Deliveries are signed with the emulator's time: a listener checks their timestamp against its own clock, so past its --tolerance (300 s) use "webhooks listen --tolerance 0".`

  static override examples = [
    '<%= config.bin %> <%= command.id %> 10s',
    '<%= config.bin %> <%= command.id %> 31d --json',
  ]

  static override args = argsOf(emulatorClockAdvance.inputs)

  async run(): Promise<Answer<'clock'>> {
    const [advanced, {formatDuration}] = await Promise.all([
      this.operate(emulatorClockAdvance),
      import('../../../services/emulator-control/duration.js'),
    ])
    return shownAnswer(advanced, {
      view: ({now, offsetSeconds, expired}, out) => {
        const gone = expired ? `; ${expired} payout${expired === 1 ? '' : 's'} expired` : ''
        out.line(`Emulator clock: ${now} (${formatDuration(offsetSeconds)} ahead of real time)${gone}.`)
      },
    })
  }
}
