import type {SeededRandom} from './seeded-random.js'
import {wrapCursor} from './variant-cursor.js'

/**
 * What variance mode does to a JSON answer of the API, all of it allowed by the spec (sections 2, 4.5b, 7, 9):
 * - unknown fields on every object, top level and nested (always one at the top);
 * - new values of open enums that do not decide a payout's state: payout `failureCode`,
 *   `recipientInvoiceSource`, `paymentMethod.type`; transaction `type` and `account.type`;
 * - other wording of error messages (`error.message`, `details[].message`), same code, status and paths;
 * - `nextCursor` wrapped in a long opaque token with `+`, `/` and `=` (`variant-cursor.ts`).
 */

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const UNKNOWN_FIELDS: ReadonlyArray<[string, (random: SeededRandom) => unknown]> = [
  ['schemaRevision', random => random.int(40) + 1],
  ['traceRef', random => `trc_${random.int(2 ** 31).toString(36)}`],
  ['featureFlags', random => (random.chance(1, 2) ? [] : ['beta_rails'])],
  ['metadataV3', random => ({region: random.pick(['eu-west', 'us-east']), shard: random.int(16), tags: []})],
  ['previewOnly', () => false],
  ['deprecatedAlias', () => null],
  ['riskScore', random => `${random.int(100)}.${random.int(10)}`],
]

const NEW_VALUES: Record<string, readonly string[]> = {
  failureCode: ['beneficiary_unreachable', 'compliance_hold'],
  recipientInvoiceSource: ['recipient_upload', 'platform_issued'],
  paymentMethodType: ['bank_instant', 'card_push'],
  transactionType: ['internal_transfer', 'fee'],
  accountType: ['bank_instant', 'wallet_internal'],
}

const ERROR_WORDING = [
  'The request was not accepted.',
  'Unable to process this request at this time',
  'Request rejected by policy (see code)',
  'Something about this request is not right.',
]

const DETAIL_WORDING = ['invalid value', 'not acceptable here', 'check this field']

function addUnknownFields(target: Json, random: SeededRandom, count: number): void {
  for (let added = 0; added < count; added++) {
    const [name, value] = random.pick(UNKNOWN_FIELDS)
    if (!Object.hasOwn(target, name)) target[name] = value(random)
  }
}

function vary(target: Json, key: string, values: readonly string[], random: SeededRandom): void {
  if (typeof target[key] === 'string' && random.chance(1, 2)) target[key] = random.pick(values)
}

function varyEnums(target: Json, random: SeededRandom): void {
  if (target.object === 'payout') {
    vary(target, 'failureCode', NEW_VALUES.failureCode, random)
    vary(target, 'recipientInvoiceSource', NEW_VALUES.recipientInvoiceSource, random)
    if (isObject(target.paymentMethod)) vary(target.paymentMethod, 'type', NEW_VALUES.paymentMethodType, random)
  }
  if (target.object === 'transaction') {
    vary(target, 'type', NEW_VALUES.transactionType, random)
    if (isObject(target.account)) vary(target.account, 'type', NEW_VALUES.accountType, random)
  }
}

function reword(error: Json, random: SeededRandom): void {
  if (typeof error.message === 'string') error.message = random.pick(ERROR_WORDING)
  if (Array.isArray(error.details))
    for (const detail of error.details) if (isObject(detail)) detail.message = random.pick(DETAIL_WORDING)
}

function walk(value: unknown, random: SeededRandom, top: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, random, false)
    return
  }
  if (!isObject(value)) return
  if (top && isObject(value.error)) reword(value.error, random)
  varyEnums(value, random)
  for (const child of Object.values(value)) walk(child, random, false)
  addUnknownFields(value, random, top ? 1 + random.int(2) : random.int(2))
}

/** The varied copy of a JSON answer (the original, stored for idempotent replays, is left alone). */
export function variantBody(body: unknown, random: SeededRandom): unknown {
  const copy = structuredClone(body)
  walk(copy, random, true)
  if (isObject(copy) && typeof copy.nextCursor === 'string') copy.nextCursor = wrapCursor(copy.nextCursor)
  return copy
}
