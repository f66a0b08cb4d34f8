import {COUNTRY_CODE as COUNTRY_CODE_PATTERN} from '../../contract/formats.js'
/**
 * Reference data the emulator serves and enforces: settlement currencies, countries with their tax-field
 * rules (GET /api/v2/countries), payment-method types (GET /api/v2/payment-method-types) and the fixed
 * conversion rates behind the v1 team record's `totalBalance`. Clients must read these from the API,
 * never hardcode them (spec 4.4b).
 */

/** The real service's currencies (DESIGN.md, "Living with a service we cannot reach"). */
export const SUPPORTED_CURRENCIES: readonly string[] = ['EUR', 'USD', 'CHF', 'GBP']

/**
 * The smallest amount the real service takes (DESIGN.md) and the emulator's own ceiling: the service decides
 * both, so the client checks neither (docs/decisions.md).
 */
export const AMOUNT_LIMITS = {min: '0.1', max: '1000000000'} as const

/** Converts one unit of the currency into EUR (the team record's `totalBalanceCurrency`). Decimal strings. */
export const EUR_RATES: Readonly<Record<string, string>> = {EUR: '1', USD: '0.92', CHF: '1.06', GBP: '1.17'}

export const TOKEN_SYMBOLS: Readonly<Record<string, string>> = {EUR: 'EURC', USD: 'USDC', CHF: 'CHFT', GBP: 'GBPT'}

export interface TaxField {
  field: 'taxId' | 'vatNumber' | 'dateOfBirth' | 'birthPlaceCity' | 'birthPlaceCountry' | 'registrationNumber'
  required: boolean
  pattern?: string
  description: string
}

export interface Country {
  code: string
  name: string
  taxFields: {individual: TaxField[]; business: TaxField[]}
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$'
const COUNTRY_CODE = COUNTRY_CODE_PATTERN.source

const euIndividual = (taxId: TaxField): TaxField[] => [
  taxId,
  {field: 'dateOfBirth', required: true, pattern: DATE, description: 'Date of birth (YYYY-MM-DD), reported under DAC7'},
  {field: 'birthPlaceCity', required: false, description: 'City of birth'},
  {field: 'birthPlaceCountry', required: false, pattern: COUNTRY_CODE, description: 'Country of birth (two letters)'},
]

const euBusiness = (vatPattern: string, registration: TaxField): TaxField[] => [
  {field: 'vatNumber', required: true, pattern: vatPattern, description: 'VAT identification number'},
  registration,
]

export const COUNTRIES: readonly Country[] = [
  {
    code: 'AT',
    name: 'Austria',
    taxFields: {
      individual: euIndividual({
        field: 'taxId',
        required: true,
        pattern: '^\\d{9}$',
        description: 'Steuernummer (9 digits)',
      }),
      business: euBusiness('^ATU\\d{8}$', {
        field: 'registrationNumber',
        required: false,
        description: 'Firmenbuchnummer',
      }),
    },
  },
  {
    code: 'DE',
    name: 'Germany',
    taxFields: {
      individual: euIndividual({
        field: 'taxId',
        required: true,
        pattern: '^\\d{11}$',
        description: 'Steuerliche Identifikationsnummer (11 digits)',
      }),
      business: euBusiness('^DE\\d{9}$', {
        field: 'registrationNumber',
        required: false,
        pattern: '^HR[AB] ?\\d+$',
        description: 'Handelsregisternummer (HRA/HRB)',
      }),
    },
  },
  {
    code: 'ES',
    name: 'Spain',
    taxFields: {
      individual: euIndividual({field: 'taxId', required: true, pattern: '^\\d{8}[A-Z]$', description: 'NIF/DNI'}),
      business: euBusiness('^ES[A-Z0-9]\\d{7}[A-Z0-9]$', {
        field: 'registrationNumber',
        required: false,
        description: 'Registro Mercantil number',
      }),
    },
  },
  {
    code: 'FR',
    name: 'France',
    taxFields: {
      individual: euIndividual({
        field: 'taxId',
        required: true,
        pattern: '^[0-3]\\d{12}$',
        description: 'Numéro fiscal de référence (13 digits)',
      }),
      business: euBusiness('^FR[A-Z0-9]{2}\\d{9}$', {
        field: 'registrationNumber',
        required: true,
        pattern: '^\\d{9}$',
        description: 'SIREN (9 digits)',
      }),
    },
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    taxFields: {
      individual: [
        {field: 'taxId', required: false, pattern: '^\\d{10}$', description: 'Unique Taxpayer Reference (10 digits)'},
      ],
      business: [
        {field: 'registrationNumber', required: true, pattern: '^[A-Z0-9]{8}$', description: 'Companies House number'},
        {field: 'vatNumber', required: false, pattern: '^GB\\d{9}$', description: 'VAT registration number'},
      ],
    },
  },
  {
    code: 'IT',
    name: 'Italy',
    taxFields: {
      individual: euIndividual({
        field: 'taxId',
        required: true,
        pattern: '^[A-Z]{6}\\d{2}[A-Z]\\d{2}[A-Z]\\d{3}[A-Z]$',
        description: 'Codice fiscale',
      }),
      business: euBusiness('^IT\\d{11}$', {field: 'registrationNumber', required: false, description: 'REA number'}),
    },
  },
  {
    code: 'NL',
    name: 'Netherlands',
    taxFields: {
      individual: euIndividual({field: 'taxId', required: true, pattern: '^\\d{9}$', description: 'BSN (9 digits)'}),
      business: euBusiness('^NL\\d{9}B\\d{2}$', {
        field: 'registrationNumber',
        required: false,
        pattern: '^\\d{8}$',
        description: 'KvK number (8 digits)',
      }),
    },
  },
  {
    code: 'US',
    name: 'United States',
    taxFields: {
      individual: [{field: 'taxId', required: true, pattern: '^\\d{9}$', description: 'SSN or ITIN (9 digits)'}],
      business: [{field: 'taxId', required: true, pattern: '^\\d{9}$', description: 'EIN (9 digits)'}],
    },
  },
]

/** Member states of the EU among COUNTRIES: their residents report a tax identity under DAC7 (spec 2.4). */
export const EU_COUNTRY_CODES: readonly string[] = ['AT', 'DE', 'ES', 'FR', 'IT', 'NL']

export const countryByCode = (code: string): Country | undefined => COUNTRIES.find(country => country.code === code)

export interface PaymentMethodType {
  type: string
  /** What a person reads for the type (the approval page's destination). */
  name: string
  currencies: string[]
  assets: string[]
  /** Fields a counterparty's `paymentMethod` of this type needs besides `type` and `currency`. */
  fields: string[]
}

export const PAYMENT_METHOD_TYPES: readonly PaymentMethodType[] = [
  {type: 'bank_iban', name: 'Bank transfer (IBAN)', currencies: ['EUR', 'GBP'], assets: [], fields: ['iban']},
  {
    type: 'bank_uk',
    name: 'UK bank transfer (Faster Payments)',
    currencies: ['GBP'],
    assets: [],
    fields: ['sortCode', 'accountNumber'],
  },
  {
    type: 'bank_ach',
    name: 'US bank transfer (ACH)',
    currencies: ['USD'],
    assets: [],
    fields: ['routingNumber', 'accountNumber'],
  },
  {
    type: 'bank_swift',
    name: 'International bank transfer (SWIFT)',
    currencies: ['EUR', 'USD', 'GBP'],
    assets: [],
    fields: ['bic', 'accountNumber'],
  },
  {
    type: 'crypto',
    name: 'Crypto wallet',
    currencies: ['EUR', 'USD'],
    assets: ['USDC', 'EURC'],
    fields: ['address', 'asset'],
  },
]

export const paymentMethodType = (type: string) => PAYMENT_METHOD_TYPES.find(method => method.type === type)

/** The sandbox's failure-trigger wallet address (spec section 1). */
export const FAILING_CRYPTO_ADDRESS = '0x000000000000000000000000000000000000dEaD'
