import {WAIT_GOALS} from '../../services/payouts/goals.js'
import {apiInput, waitInput, waitTimeoutOfWaitInput} from './common-inputs.js'
import {booleanInput, integerInput, optionInput, textInput} from './field.js'

/** The inputs of `payouts import-status`: the file's options as given to `payouts import`, and what to do first. */
export const importStatusInputs = {
  file: textInput({summary: 'The CSV file that was imported.', required: true, positional: true}),
  wait: waitInput,
  timeout: waitTimeoutOfWaitInput,
  until: optionInput(WAIT_GOALS, {
    summary: "With --wait: which state counts as final (default: the import's step; see payctl payouts wait --help).",
    dependsOn: ['wait'],
  }),
  'retry-failed': booleanInput({
    summary: 'Pay the failed payouts of the file again first (moves money; needs payouts:approve).',
  }),
  concurrency: integerInput({summary: 'Payouts read at a time.', min: 1, max: 32, default: 16}),
  api: apiInput('v2'),
  encoding: textInput({summary: 'Character encoding, as given to payouts import.', default: 'utf8'}),
  delimiter: textInput({summary: 'Field delimiter, as given to payouts import (default: detected).'}),
  'decimal-comma': booleanInput({summary: 'Amounts use a decimal comma, as given to payouts import.'}),
  batch: textInput({summary: 'The --batch NAME given to payouts import (rows without customId depend on it).'}),
}
