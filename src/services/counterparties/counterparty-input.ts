import {readFile} from 'node:fs/promises'
import type {Counterparty} from '../../client/schemas.js'
import type {CounterpartyInput} from '../../client/v2/counterparties-v2.js'
import {countryProblem, dateProblem} from '../../contract/formats.js'
import {checkRequest, fitsRequest} from '../../contract/request-problems.js'
import {createCounterpartyBody, patchCounterpartyBody} from '../../contract/requests/counterparty-requests.js'
import {usageError} from '../../shared/errors.js'
import {asJsonObject, fieldOf, isJsonObject} from '../../shared/json-object.js'
import {readStdin} from '../../shared/stdin.js'
import {errnoCode, messageOf} from '../../shared/thrown.js'
import {refuseLookAlike, refuseLookAlikeName} from '../recipients/look-alike-refusal.js'

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
  'allow-confusable'?: boolean
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

/** The names a person reads to know who is paid: checked for look-alikes like the e-mail. */
export const NAME_FIELDS = COUNTERPARTY_FIELDS.filter(([, field]) =>
  ['firstName', 'middleName', 'lastName', 'businessName', 'accountHolderName'].includes(field),
)

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

const isRecord = isJsonObject
const isGroup = (key: string): key is Group => GROUPS.some(group => group === key)

/** Reads --from-file: a JSON object with the API's field names, from a file or "-" (stdin). */
export async function readBodyFile(path: string, stdin: () => Promise<string> = () => readStdin()): Promise<Json> {
  let text: string
  try {
    text = path === '-' ? await stdin() : await readFile(path, 'utf8')
  } catch (error) {
    throw usageError(`--from-file ${path}: cannot read the file (${errnoCode(error) ?? error})`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw usageError(`--from-file ${path}: not valid JSON (${messageOf(error)})`)
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
    else body[group] = {...asJsonObject(body[group]), [field]: value}
  }
  if (flags['clear-payment-method']) body.paymentMethod = null
  if (flags['clear-tax-identity']) body.taxIdentity = null
  return body
}

/** Merges `patch` onto `base`, one level deep for the nested groups. */
function merge(base: Json, patch: Json): Json {
  const out: Json = {...base}
  for (const [key, value] of Object.entries(patch)) {
    const before = out[key]
    out[key] = isGroup(key) && isRecord(value) && isRecord(before) ? {...before, ...value} : value
  }
  return out
}

/** The body's problems, each as `path: reason`; tax rules are checked separately. */
export function bodyProblems(body: Json, schema: CounterpartyBodySchema): string[] {
  return bodyFieldProblems(body, schema).map(({path, reason}) => `${path}: ${reason}`)
}

type CounterpartyBodySchema = typeof createCounterpartyBody | typeof patchCounterpartyBody

/**
 * The body against the contract's request schema (what the service refuses, in its words), each problem with
 * the body field's path (`address.country`); plus the tax fields' date and country forms, which the contract
 * leaves to the service's tax rules but no rule accepts otherwise.
 */
export function bodyFieldProblems(body: Json, schema: CounterpartyBodySchema): Array<{path: string; reason: string}> {
  const checked = checkRequest(schema, body)
  const problems = checked.ok ? [] : checked.details.map(({path, message}) => ({path, reason: message}))
  const tax = isRecord(body.taxIdentity) ? body.taxIdentity : {}
  const local = (path: string, value: unknown, problem: (v: string) => string | undefined) => {
    const reason = typeof value === 'string' ? problem(value) : undefined
    if (reason && !problems.some(known => known.path === path)) problems.push({path, reason})
  }
  local('taxIdentity.dateOfBirth', tax.dateOfBirth, dateProblem)
  local('taxIdentity.birthPlaceCountry', tax.birthPlaceCountry, countryProblem)
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
    const value = fieldOf(body[group], field)
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
  const problems = bodyProblems(body, createCounterpartyBody)
  if (problems.length) throw usageError(problems.join('; '))
  refuseLookAlikes(body, flags['allow-confusable'])
  if (!fitsRequest(createCounterpartyBody, body)) throw new Error('a body its checks passed is no create body')
  return body
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
  const touched = GROUPS.filter(group => isRecord(patch[group]))
  const existing: Json = touched.length ? {...(await current())} : {}
  for (const group of touched) patch[group] = {...asJsonObject(existing[group]), ...asJsonObject(patch[group])}
  // Checked as sent: a group you touch goes whole, with the values it keeps.
  const problems = bodyProblems(patch, patchCounterpartyBody)
  if (problems.length) throw usageError(problems.join('; '))
  refuseLookAlikes(patch, flags['allow-confusable'])
  return {patch, merged: merge(existing, patch)}
}

/** Refuses a look-alike e-mail or name in a body (src/services/recipients/look-alike-refusal.ts). */
function refuseLookAlikes(body: Json, allowed: boolean | undefined): void {
  refuseLookAlike(typeof body.email === 'string' ? body.email : undefined, 'email', allowed)
  for (const [group, field, flag] of NAME_FIELDS) {
    const value = group && isRecord(body[group]) ? (body[group] as Json)[field] : undefined
    if (typeof value === 'string') refuseLookAlikeName(value, `--${flag} (${group}.${field})`, allowed)
  }
}
