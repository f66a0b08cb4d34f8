import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {IDENTITY_TYPES} from '../../contract/closed-enums.js'
import {countryProblem, dateProblem} from '../../contract/formats.js'
import {compactIban, ibanProblem} from '../../contract/primitives.js'
import {allowConfusableFlag, checked, currencyFlag, emailFlag} from './common-flags.js'

const countryFlag = checked(countryProblem, v => v.toUpperCase())

/** The body fields of a counterparty as flags, grouped in --help like the API's objects. */
export const counterpartyFlags = {
  'from-file': Flags.string({
    summary: 'Read the body from a JSON file with the API field names ("-" for stdin); flags given too override it.',
  }),
  email: emailFlag({summary: 'E-mail address of the counterparty.'}),
  'allow-confusable': allowConfusableFlag,
  'identity-type': Flags.option({options: IDENTITY_TYPES, summary: 'Default: individual.', helpGroup: 'IDENTITY'})(),
  'first-name': Flags.string({summary: 'First name.', helpGroup: 'IDENTITY'}),
  'last-name': Flags.string({summary: 'Last name.', helpGroup: 'IDENTITY'}),
  'middle-name': Flags.string({summary: 'Middle name.', helpGroup: 'IDENTITY'}),
  'business-name': Flags.string({summary: 'Business name (business identities).', helpGroup: 'IDENTITY'}),
  line1: Flags.string({summary: 'Street and number.', helpGroup: 'ADDRESS'}),
  line2: Flags.string({summary: 'Second address line.', helpGroup: 'ADDRESS'}),
  city: Flags.string({summary: 'City.', helpGroup: 'ADDRESS'}),
  state: Flags.string({summary: 'State or region.', helpGroup: 'ADDRESS'}),
  'postal-code': Flags.string({summary: 'Postal code.', helpGroup: 'ADDRESS'}),
  country: countryFlag({summary: 'Two-letter country code, e.g. DE.', helpGroup: 'ADDRESS'}),
  'payment-method': Flags.string({
    summary: 'Payment method type, e.g. bank_iban (see "payctl counterparties payment-method-types").',
    helpGroup: 'PAYMENT METHOD',
  }),
  'payment-currency': currencyFlag({summary: 'Currency paid out to this method.', helpGroup: 'PAYMENT METHOD'}),
  iban: checked(
    ibanProblem,
    compactIban,
  )({
    summary: 'IBAN (bank_iban).',
    helpGroup: 'PAYMENT METHOD',
  }),
  bic: Flags.string({summary: 'BIC (bank_swift).', helpGroup: 'PAYMENT METHOD'}),
  'sort-code': Flags.string({summary: 'Sort code (bank_uk).', helpGroup: 'PAYMENT METHOD'}),
  'account-number': Flags.string({
    summary: 'Account number (bank_uk, bank_ach, bank_swift).',
    helpGroup: 'PAYMENT METHOD',
  }),
  'routing-number': Flags.string({summary: 'Routing number (bank_ach).', helpGroup: 'PAYMENT METHOD'}),
  'wallet-address': Flags.string({summary: 'Wallet address (crypto).', helpGroup: 'PAYMENT METHOD'}),
  asset: Flags.string({summary: 'Asset, e.g. USDC (crypto).', helpGroup: 'PAYMENT METHOD'}),
  'account-holder': Flags.string({
    summary: 'Account holder name, if not the identity name.',
    helpGroup: 'PAYMENT METHOD',
  }),
  'tax-id': Flags.string({summary: 'Tax identification number.', helpGroup: 'TAX IDENTITY'}),
  'vat-number': Flags.string({summary: 'VAT number.', helpGroup: 'TAX IDENTITY'}),
  'date-of-birth': checked(dateProblem)({summary: 'Date of birth, YYYY-MM-DD.', helpGroup: 'TAX IDENTITY'}),
  'birth-place-city': Flags.string({summary: 'City of birth.', helpGroup: 'TAX IDENTITY'}),
  'birth-place-country': countryFlag({summary: 'Country of birth, two letters.', helpGroup: 'TAX IDENTITY'}),
  'registration-number': Flags.string({summary: 'Company registration number.', helpGroup: 'TAX IDENTITY'}),
  'skip-tax-check': Flags.boolean({
    summary: 'Do not check the tax identity against GET /countries before sending (the service still checks).',
  }),
}

/** The id argument and --custom-id of the commands that act on one counterparty. */
export const counterpartyIdArg = Args.string({description: 'Counterparty id: counterparty_<UUID>.'})
export const counterpartyCustomIdFlag = Flags.string({
  summary: 'Identify the counterparty by your own customId instead of its id.',
})
