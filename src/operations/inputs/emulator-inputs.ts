import {CLAIM_METHODS} from '../../services/emulator-control/claim-details.js'
import {booleanInput, optionInput, textInput} from './field.js'

/** Inputs shared by the `emulator` control operations. */

export const methodInput = (summary: string) => optionInput(CLAIM_METHODS, {summary, default: 'bank-iban'})

/** What a recipient gives on the claim page: `emulator claim`'s method, details, failure trigger and DAC7 step. */
export const claimInputs = {
  method: methodInput('Payout method the recipient chooses.'),
  fail: booleanInput({summary: "Claim with the method's failure trigger, so the transfer is declined."}),
  detail: textInput({summary: 'Override one field of the details: NAME=VALUE (repeatable).', multiple: true}),
  'tax-residence': textInput({summary: "DAC7: the recipient's country of residence (code, or other)."}),
  'tax-identity': textInput({summary: 'DAC7: one tax identity field, NAME=VALUE (repeatable).', multiple: true}),
}
