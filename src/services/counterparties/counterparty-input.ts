import {readFile} from 'node:fs/promises'
import type {Counterparty} from '../../client/schemas.js'
import type {CounterpartyInput} from '../../client/v2/counterparties-v2.js'
import {countryProblem, dateProblem} from '../../contract/formats.js'
import {emailProblem, ibanProblem} from '../../contract/primitives.js'
import {usageError} from '../../shared/errors.js'
import {currencyProblem} from '../../shared/money.js'
import {readStdin} from '../../shared/stdin.js'

type Json = Record<string, unknown>

/** Flag values of counterparties create/update (all optional here; create checks what it needs). */
export interface CounterpartyFlags {
  'from-file'?: string
  'custom-id'?: string
  'identity-type'?: string
  'first-name'?: string
  'last-name'?: string
  'middle-name'?: string
  'business-name'?: string
  email?: string
  line1?: string
  line2?: string
  city?: string
  state?: string
  'postal-code'?: string
  country?: string
  'payment-method'?: string
  'payment-currency'?: string
  iban?: string
  bic?: string
  'sort-code'?: string
  'account-number'?: string
  'routing-number'?: string
  'wallet-address'?: string
  asset?: string
  'account-holder'?: string
  'tax-id'?: string
  'vat-number'?: string
  'date-of-birth'?: string
  'birth-place-city'?: string
  'birth-place-country'?: string
  'registration-number'?: string
  'clear-payment-method'?: boolean
  'clear-tax-identity'?: boolean
}

/** Which flag fills which body field: [group, field, flag]. */
export const COUNTERPARTY_FIELDS: ReadonlyArray<[string | undefined, string, keyof CounterpartyFlags]> = [
  [undefined, 'customId', 'custom-id'],
  [undefined, 'email', 'email'],
  ['identity', 'type', 'identity-type'],
  ['identity', 'firstName', 'first-name'],
  ['identity', 'lastName', 'last-name'],
  ['identity', 'middleName', 'middle-name'],
  ['identity', 'businessName', 'business-name'],
  ['address', 'line1', 'line1'],
  ['address', 'line2', 'line2'],
  ['address', 'city', 'city'],
  ['address', 'state', 'state'],
  ['address', 'postalCode', 'postal-code'],
  ['address', 'country', 'country'],
  ['paymentMethod', 'type', 'payment-method'],
  ['paymentMethod', 'currency', 'payment-currency'],
  ['paymentMethod', 'iban', 'iban'],
  ['paymentMethod', 'bic', 'bic'],
  ['paymentMethod', 'sortCode', 'sort-code'],
  ['paymentMethod', 'accountNumber', 'account-number'],
  ['paymentMethod', 'routingNumber', 'routing-number'],
  ['paymentMethod', 'address', 'wallet-address'],
  ['paymentMethod', 'asset', 'asset'],
  ['paymentMethod', 'accountHolderName', 'account-holder'],
  ['taxIdentity', 'taxId', 'tax-id'],
  ['taxIdentity', 'vatNumber', 'vat-number'],
  ['taxIdentity', 'dateOfBirth', 'date-of-birth'],
  ['taxIdentity', 'birthPlaceCity', 'birth-place-city'],
  ['taxIdentity', 'birthPlaceCountry', 'birth-place-country'],
  ['taxIdentity', 'registrationNumber', 'registration-number'],
]

const GROUPS = ['identity', 'address', 'paymentMethod', 'taxIdentity'] as const
type Group = (typeof GROUPS)[number]

const REQUIRED_ON_CREATE: ReadonlyArray<[Group, string, keyof CounterpartyFlags]> = [
  ['identity', 'firstName', 'first-name'],
  ['identity', 'lastName', 'last-name'],
  ['address', 'line1', 'line1'],
  ['address', 'city', 'city'],
  ['address', 'postalCode', 'postal-code'],
  ['address', 'country', 'country'],
]

const isRecord = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value)

/** Reads --from-file: a JSON object with the API's field names, from a file or "-" (stdin). */
export async function readBodyFile(path: string, stdin: () => Promise<string> = () => readStdin()): Promise<Json> {
  let text: string
  try {
    text = path === '-' ? await stdin() : await readFile(path, 'utf8')
  } catch (error) {
    throw usageError(`--from-file ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw usageError(`--from-file ${path}: not valid JSON (${(error as Error).message})`)
  }
  if (!isRecord(parsed)) throw usageError(`--from-file ${path}: must hold one JSON object (a counterparty body)`)
  return parsed
}

/** The flags as a body fragment: only the fields that were given. */
export function flagsFragment(flags: CounterpartyFlags): Json {
  const body: Json = {}
  for (const [group, field, flag] of COUNTERPARTY_FIELDS) {
    const value = flags[flag]
    if (value === undefined) continue
    if (!group) body[field] = value
    else body[group] = {...((body[group] as Json | undefined) ?? {}), [field]: value}
  }
  if (flags['clear-payment-method']) body.paymentMethod = null
  if (flags['clear-tax-identity']) body.taxIdentity = null
  return body
}

/** Merges `patch` onto `base`, one level deep for the nested groups. */
function merge(base: Json, patch: Json): Json {
  const out: Json = {...base}
  for (const [key, value] of Object.entries(patch)) {
    if ((GROUPS as readonly string[]).includes(key) && isRecord(value) && isRecord(out[key]))
      out[key] = {...(out[key] as Json), ...value}
    else out[key] = value
  }
  return out
}

/** Local format checks of a body (from flags or a file), naming the field; tax rules are checked separately. */
export function bodyProblems(body: Json): string[] {
  return bodyFieldProblems(body).map(({path, reason, shape}) => `${path}${shape ? ' ' : ': '}${reason}`)
}

/** The same checks, each with the body field's path (`address.country`); `shape`: a wrong type, not a wrong value. */
export function bodyFieldProblems(body: Json): Array<{path: string; reason: string; shape?: boolean}> {
  const problems: Array<{path: string; reason: string; shape?: boolean}> = []
  const check = (path: string, value: unknown, problem: (v: string) => string | undefined) => {
    if (value === undefined || value === null) return
    if (typeof value !== 'string') problems.push({path, reason: 'must be a string', shape: true})
    else {
      const reason = problem(value)
      if (reason) problems.push({path, reason})
    }
  }
  for (const group of GROUPS)
    if (body[group] !== undefined && body[group] !== null && !isRecord(body[group]))
      problems.push({path: group, reason: 'must be an object', shape: true})
  const part = (group: Group) => (isRecord(body[group]) ? (body[group] as Json) : {})
  check('email', body.email, emailProblem)
  check('address.country', part('address').country, countryProblem)
  check('paymentMethod.currency', part('paymentMethod').currency, currencyProblem)
  check('paymentMethod.iban', part('paymentMethod').iban, ibanProblem)
  check('taxIdentity.dateOfBirth', part('taxIdentity').dateOfBirth, dateProblem)
  check('taxIdentity.birthPlaceCountry', part('taxIdentity').birthPlaceCountry, countryProblem)
  return problems
}

/** identity.type defaults to individual. */
export function withDefaultIdentityType(body: Json): Json {
  const identity = isRecord(body.identity) ? body.identity : {}
  if (identity.type === undefined) body.identity = {...identity, type: 'individual'}
  return body
}

/** The fields a create needs that the body lacks, with the flag that gives each. */
export function missingOnCreate(body: Json): Array<{group: Group; field: string; flag: keyof CounterpartyFlags}> {
  return REQUIRED_ON_CREATE.filter(([group, field]) => {
    const value = isRecord(body[group]) ? (body[group] as Json)[field] : undefined
    return value === undefined || value === ''
  }).map(([group, field, flag]) => ({group, field, flag}))
}

/**
 * The create body: --from-file (if given) with the flags on top; identity.type defaults to individual.
 * Missing required fields and malformed values are usage errors naming the flag or field; nothing is sent.
 */
export async function buildCreateBody(flags: CounterpartyFlags): Promise<CounterpartyInput> {
  const fromFile = flags['from-file'] ? await readBodyFile(flags['from-file']) : {}
  const body = withDefaultIdentityType(merge(fromFile, flagsFragment(flags)))
  const missing = missingOnCreate(body).map(({group, field, flag}) => `--${flag} (${group}.${field})`)
  if (missing.length) throw usageError(`missing ${missing.join(', ')}`)
  const problems = bodyProblems(body)
  if (problems.length) throw usageError(problems.join('; '))
  return body as unknown as CounterpartyInput
}

/**
 * The PATCH body: only what was given. A nested group you touch is sent whole (the API replaces it), merged
 * onto the counterparty's current values, so `--city Berlin` keeps the rest of the address.
 */
export async function buildUpdateBody(
  flags: CounterpartyFlags,
  current: () => Promise<Counterparty>,
): Promise<{patch: Json; merged: Json}> {
  const fromFile = flags['from-file'] ? await readBodyFile(flags['from-file']) : {}
  const patch = merge(fromFile, flagsFragment(flags))
  if (!Object.keys(patch).length) throw usageError('nothing to change: give at least one field (see --help)')
  const problems = bodyProblems(patch)
  if (problems.length) throw usageError(problems.join('; '))
  const touched = GROUPS.filter(group => isRecord(patch[group]))
  const existing = (touched.length ? await current() : {}) as Json
  for (const group of touched)
    patch[group] = {...(isRecord(existing[group]) ? existing[group] : {}), ...(patch[group] as Json)}
  return {patch, merged: merge(existing, patch)}
}

/** What the tax check needs from a body, when it has a tax identity to check. */
export function taxCheckInput(body: Json): {country: string; identityType: string; taxIdentity: Json} | undefined {
  const tax = body.taxIdentity
  const address = body.address
  const identity = body.identity
  if (!isRecord(tax) || !isRecord(address) || typeof address.country !== 'string') return undefined
  const identityType = isRecord(identity) && typeof identity.type === 'string' ? identity.type : 'individual'
  return {country: address.country, identityType, taxIdentity: tax}
}
