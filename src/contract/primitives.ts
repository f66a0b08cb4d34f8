import {present} from '../shared/present.js'

/**
 * The service's primitives, defined once for the client, the CLI's checks, the import and the emulator:
 * e-mail, phone, UUID and the id forms of both generations. `npm run lint` (scripts/check-contract.js) refuses
 * a copy of any of these patterns outside src/contract.
 */

/**
 * The patterns here carry no flags: the OpenAPI document publishes each as a JSON Schema `pattern`, which has
 * none (a case-insensitive rule spells both cases out).
 */
const UUID_BODY = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** E.164: a plus, no leading zero, 7 to 15 digits. */
export const PHONE = /^\+[1-9]\d{6,14}$/
export const UUID = new RegExp(`^${UUID_BODY}$`)
export const EMAIL_MAX_LENGTH = 254

/**
 * An amount as the requests take it: a plain positive decimal with at most two places (no sign, exponent or
 * separator). Two is the most any currency the service settles has; fewer for a currency with fewer is checked
 * against the currency (`amountFitsCurrency`).
 */
export const AMOUNT = /^(?=[\d.]*[1-9])\d+(\.\d{1,2})?$/

/** An absolute http or https URL: a host name, IPv4 or bracketed IPv6 address, an optional port, then anything but spaces. */
export const HTTP_URL =
  /^[Hh][Tt][Tt][Pp][Ss]?:\/\/([A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(:(6553[0-5]|655[0-2]\d|65[0-4]\d\d|6[0-4]\d{3}|[1-5]\d{4}|\d{1,4}))?([/?#]\S*)?$/

/** The two API generations. */
export const API_GENERATIONS = ['v1', 'v2'] as const
export type ApiGeneration = (typeof API_GENERATIONS)[number]

/** A v2 event name like `payout.completed`. */
export const EVENT_NAME = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/

/** What a v2 create or approve runs next (spec 4.5). */
export const AND_THEN = ['send-claim-link', 'pay'] as const
export type AndThen = (typeof AND_THEN)[number]

/** The v2 id forms: `<prefix>` + UUID. */
export const ID_PREFIXES = ['payout_', 'counterparty_', 'team_', 'transaction_'] as const
export type IdPrefix = (typeof ID_PREFIXES)[number]

/** Transactions add a direction suffix (`_in`, `_out`) to the UUID. */
const ID_FORMS = Object.fromEntries(
  ID_PREFIXES.map(prefix => [
    prefix,
    new RegExp(`^${prefix}${UUID_BODY}${prefix === 'transaction_' ? '(_[a-z]+)?' : ''}$`),
  ]),
) as Record<IdPrefix, RegExp>

/** The pattern of a `<prefix>` + UUID id. */
export const idPattern = (prefix: IdPrefix): RegExp => ID_FORMS[prefix]

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value)
export const isPhone = (value: string) => PHONE.test(value)
export const isUuid = (value: string) => UUID.test(value)
export const isId = (prefix: IdPrefix, value: string) => ID_FORMS[prefix].test(value)

/** A recipient handle that names a mailbox ("a@b" or "a@b.c"): how a v1 handle is told from a channel name. */
export function looksLikeMailbox(value: string): boolean {
  const at = value.indexOf('@')
  return at > 0 && at === value.lastIndexOf('@') && at < value.length - 1 && !/\s/.test(value)
}

export function emailProblem(value: string): string | undefined {
  return isEmail(value) ? undefined : `"${value}" is not an e-mail address`
}

/** An e-mail address as payctl sends it: in lower case ("Ann@Example.com" and "ann@example.com" are one recipient). */
export const recipientEmail = (value: string) => value.toLowerCase()

/** A phone number as people type it: spaces, dashes, dots and brackets are layout and dropped. */
export const compactPhone = (value: string) => value.replace(/[\s\-().]/g, '')

/** A number a spreadsheet wrote in scientific notation ("4.91511E+12"), where the cell held digits of text. */
export function spreadsheetNumberProblem(value: string): string | undefined {
  return /e\+?\d+$/i.test(value)
    ? `"${value}" was turned into a number by a spreadsheet; format the column as text`
    : undefined
}

/** Why `value` is not a phone number once its layout is dropped (a spreadsheet's number, a missing +). */
export function phoneProblem(value: string): string | undefined {
  const spreadsheet = spreadsheetNumberProblem(value)
  if (spreadsheet) return spreadsheet
  const compact = compactPhone(value)
  if (isPhone(compact)) return undefined
  if (/^\d{7,15}$/.test(compact))
    return `"${value}" needs the international format with + and the country code, like +4915112345678`
  return `"${value}" is not a phone number in international format, like +4915112345678`
}

/** A v2 counterparty id: `counterparty_` + UUID. */
export function counterpartyIdProblem(value: string): string | undefined {
  return isId('counterparty_', value) ? undefined : `"${value}" is not a counterparty id (counterparty_<UUID>)`
}

/**
 * Characters that are never text of the service: the C0 and C1 controls (NUL, ESC, BEL, U+0080–U+009F), DEL and
 * the bidirectional overrides (which make "gnp.exe" of "exe.png" on screen). Ids and customIds allow none of them.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
/** In free text (descriptions, names, address lines) a line feed, carriage return or tab is ordinary text. */
const FREE_TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** Text without any of those characters: what ids and customIds match (the document's pattern). */
export const WITHOUT_CONTROL = new RegExp(`^[^${CONTROL.source.slice(1, -1)}]*$`)
/** Free text without the refused characters (line breaks and tabs are text). */
export const FREE_TEXT = new RegExp(`^[^${FREE_TEXT_CONTROL.source.slice(1, -1)}]*$`)

/** The fields of request bodies that are free text: line breaks and tabs allowed, other controls refused. */
export const FREE_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'firstName',
  'lastName',
  'middleName',
  'businessName',
  'line1',
  'line2',
  'city',
  'state',
  'accountHolderName',
])

const codePoint = (char: string) => `U+${present(char.codePointAt(0)).toString(16).toUpperCase().padStart(4, '0')}`

/** The first character of `value` that a field of this kind refuses, with its position (0-based), if any. */
export function refusedCharacter(value: string, freeText: boolean): {codePoint: string; index: number} | undefined {
  const found = (freeText ? FREE_TEXT_CONTROL : CONTROL).exec(value)
  return found ? {codePoint: codePoint(found[0]), index: found.index} : undefined
}

/** Why `value` cannot be an id or customId of the service (a control character, named); undefined when fine. */
export function controlCharacterProblem(value: string): string | undefined {
  const found = refusedCharacter(value, false)
  return found && `must not contain control characters (found ${found.codePoint} at position ${found.index + 1})`
}

/** Why `value` cannot be free text (a control character other than a line break or tab, named); undefined when fine. */
export function freeTextProblem(value: string): string | undefined {
  const found = refusedCharacter(value, true)
  return (
    found &&
    `must not contain control characters (found ${found.codePoint} at position ${found.index + 1}; line breaks and tabs are fine)`
  )
}

/** A customId as the service keys it: Unicode NFC, so that the composed and decomposed forms are one id. */
export const normalizeCustomId = (value: string) => value.normalize('NFC')

/** The formats of payment-method details (v2 counterparties and the claim of a payout). */
export const PAYMENT_DETAIL_FORMATS: Readonly<Record<string, {pattern: RegExp; message: string}>> = {
  bic: {pattern: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, message: 'must be a BIC like DEUTDEFF'},
  sortCode: {pattern: /^\d{6}$/, message: 'must be six digits'},
  accountNumber: {pattern: /^[A-Z0-9]{4,34}$/, message: 'must be 4 to 34 letters or digits'},
  routingNumber: {pattern: /^\d{9}$/, message: 'must be nine digits'},
  address: {pattern: /^0x[0-9a-fA-F]{40}$/, message: 'must be a wallet address (0x and 40 hex digits)'},
}

/**
 * An IBAN's shape: country, check digits and 10 to 30 letters or digits, in either case, with spaces anywhere
 * (they are removed). The check digits themselves (mod 97) are not a pattern: the service checks them, and so do
 * payctl's flags and columns (`ibanProblem`).
 */
export const IBAN = /^\s*[A-Za-z]{2}\s*\d\s*\d(\s*[A-Za-z0-9]){10,30}\s*$/

/** The compact form of an IBAN (no spaces, upper case), as it is stored and checked. */
export const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase()

/** ISO 13616 check (mod 97) of an IBAN; spaces are allowed and removed. */
export function ibanIsValid(value: string): boolean {
  if (!IBAN.test(value)) return false
  const compact = compactIban(value)
  const rearranged = compact.slice(4) + compact.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const code = char.charCodeAt(0)
    const digits = code >= 65 ? String(code - 55) : char
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/** Why `value` is not an IBAN (its shape, or its check digits), for a flag or a column; undefined when fine. */
export function ibanProblem(value: string): string | undefined {
  if (ibanIsValid(value)) return undefined
  if (IBAN.test(value)) return `"${value}" is not a valid IBAN (the check digits do not match)`
  return `"${value}" is not an IBAN like DE89370400440532013000`
}
