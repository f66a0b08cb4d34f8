import {commandOf} from '../../../cli/command-of.js'
import {shownAnswer} from '../../../cli/shown.js'
import {emulatorClockAdvance} from '../../../operations/emulator/emulator-controls.js'

export default commandOf(emulatorClockAdvance, {
  result: 'clock',
  description: `DURATION is seconds (90) or with units: 10s, 5m, 1h30m, 30d. Payout expiries and webhook retries that became due run before the command returns. Deliveries are signed with the emulator's time: a listener checks their timestamp against its own clock, so past its --tolerance (300 s) use "webhooks listen --tolerance 0".`,
  examples: ['<%= config.bin %> <%= command.id %> 10s', '<%= config.bin %> <%= command.id %> 31d --json'],
  view: () => import('../../../services/emulator-control/duration.js'),
  show: (advanced, {formatDuration}) =>
    shownAnswer(advanced, {
      view: ({now, offsetSeconds, expired}, out) => {
        const gone = expired ? `; ${expired} payout${expired === 1 ? '' : 's'} expired` : ''
        out.line(`Emulator clock: ${now} (${formatDuration(offsetSeconds)} ahead of real time)${gone}.`)
      },
    }),
})
