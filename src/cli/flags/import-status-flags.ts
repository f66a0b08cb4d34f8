import * as Flags from '@oclif/core/flags'
import {apiFlag, outputFlag, waitFlag, waitTimeoutOfWaitFlag, yesFlag} from '../../cli/flags/common-flags.js'
import {WAIT_GOALS} from '../../services/payouts/goals.js'

/** The flags of `payouts import-status`: the file's options as given to `payouts import`, and what to do first. */
export const importStatusFlags = {
  output: outputFlag,
  wait: waitFlag,
  timeout: waitTimeoutOfWaitFlag,
  until: Flags.option({
    options: WAIT_GOALS,
    summary: "With --wait: which state counts as final (default: the import's step; see payctl payouts wait --help).",
    dependsOn: ['wait'],
  })(),
  'retry-failed': Flags.boolean({
    summary: 'Pay the failed payouts of the file again first (moves money; needs payouts:approve).',
  }),
  concurrency: Flags.integer({summary: 'Payouts read at a time.', min: 1, max: 32, default: 16}),
  api: apiFlag('v2'),
  encoding: Flags.string({summary: 'Character encoding, as given to payouts import.', default: 'utf8'}),
  delimiter: Flags.string({summary: 'Field delimiter, as given to payouts import (default: detected).'}),
  'decimal-comma': Flags.boolean({summary: 'Amounts use a decimal comma, as given to payouts import.'}),
  batch: Flags.string({summary: 'The --batch NAME given to payouts import (rows without customId depend on it).'}),
  yes: yesFlag,
}
