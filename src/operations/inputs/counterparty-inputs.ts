import {IDENTITY_TYPES} from '../../contract/closed-enums.js'
import {countryProblem, dateProblem} from '../../contract/formats.js'
import {compactIban, ibanProblem} from '../../contract/primitives.js'
import {allowConfusableInput, currencyInput, emailInput} from './common-inputs.js'
import {booleanInput, checkedInput, optionInput, textInput} from './field.js'

const countryInput = checkedInput(countryProblem, v => v.toUpperCase())
const text = (summary: string, helpGroup: string) => textInput({summary, helpGroup})

/** The body fields of a counterparty as inputs, grouped in --help like the API's objects. */
export const counterpartyInputs = {
  'from-file': textInput({
    summary: 'Read the body from a JSON file with the API field names ("-" for stdin); flags given too override it.',
  }),
  email: emailInput({summary: 'E-mail address of the counterparty.'}),
  'allow-confusable': allowConfusableInput,
  'identity-type': optionInput(IDENTITY_TYPES, {summary: 'Default: individual.', helpGroup: 'IDENTITY'}),
  'first-name': text('First name.', 'IDENTITY'),
  'last-name': text('Last name.', 'IDENTITY'),
  'middle-name': text('Middle name.', 'IDENTITY'),
  'business-name': text('Business name (business identities).', 'IDENTITY'),
  line1: text('Street and number.', 'ADDRESS'),
  line2: text('Second address line.', 'ADDRESS'),
  city: text('City.', 'ADDRESS'),
  state: text('State or region.', 'ADDRESS'),
  'postal-code': text('Postal code.', 'ADDRESS'),
  country: countryInput({summary: 'Two-letter country code, e.g. DE.', helpGroup: 'ADDRESS'}),
  'payment-method': text(
    'Payment method type, e.g. bank_iban (see "payctl counterparties payment-method-types").',
    'PAYMENT METHOD',
  ),
  'payment-currency': currencyInput({summary: 'Currency paid out to this method.', helpGroup: 'PAYMENT METHOD'}),
  iban: checkedInput(ibanProblem, compactIban)({summary: 'IBAN (bank_iban).', helpGroup: 'PAYMENT METHOD'}),
  bic: text('BIC (bank_swift).', 'PAYMENT METHOD'),
  'sort-code': text('Sort code (bank_uk).', 'PAYMENT METHOD'),
  'account-number': text('Account number (bank_uk, bank_ach, bank_swift).', 'PAYMENT METHOD'),
  'routing-number': text('Routing number (bank_ach).', 'PAYMENT METHOD'),
  'wallet-address': text('Wallet address (crypto).', 'PAYMENT METHOD'),
  asset: text('Asset, e.g. USDC (crypto).', 'PAYMENT METHOD'),
  'account-holder': text('Account holder name, if not the identity name.', 'PAYMENT METHOD'),
  'tax-id': text('Tax identification number.', 'TAX IDENTITY'),
  'vat-number': text('VAT number.', 'TAX IDENTITY'),
  'date-of-birth': checkedInput(dateProblem)({summary: 'Date of birth, YYYY-MM-DD.', helpGroup: 'TAX IDENTITY'}),
  'birth-place-city': text('City of birth.', 'TAX IDENTITY'),
  'birth-place-country': countryInput({summary: 'Country of birth, two letters.', helpGroup: 'TAX IDENTITY'}),
  'registration-number': text('Company registration number.', 'TAX IDENTITY'),
  'skip-tax-check': booleanInput({
    summary: 'Do not check the tax identity against GET /countries before sending (the service still checks).',
  }),
}

/** The id argument and --custom-id of the operations on one counterparty. */
export const counterpartyRefInputs = {
  id: textInput({summary: 'Counterparty id: counterparty_<UUID>.', positional: true}),
  'custom-id': textInput({summary: 'Identify the counterparty by your own customId instead of its id.'}),
}
