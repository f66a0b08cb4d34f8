import {Ajv2020} from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import Big from 'big.js'
import fc from 'fast-check'
import {Pool} from 'undici'
import {expect} from 'vitest'
import {counterpartyProblems, taxIdentityProblems} from '../../src/emulator/domain/counterparty-registry.js'
import {AMOUNT_LIMITS, COUNTRIES, SUPPORTED_CURRENCIES} from '../../src/emulator/domain/reference-data.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'

/**
 * Bodies for the four create endpoints (v1 payout, v2 payout, batch, counterparty), drawn from the served OpenAPI
 * document's own request schemas (every field from its schema: patterns, lengths, enums, oneOf branches) and
 * mutated around them (a field removed, retyped, or set to a value near a rule: `12,34`, `eur`, `DEU`,
 * `1990-13-45`, 1,001 characters, an ESC, ...), each sent to an emulator and judged by Ajv against the document.
 * test/contract/openapi-bodies.property.test.ts holds Ajv's verdict equal to the emulator's; the generators' check
 * (test/generators) holds each generated validator to the same verdicts.
 *
 * What the document leaves to the service (the currencies it settles, amount bounds, countries, payment-method
 * rules, tax fields per country, IBAN check digits, ids that exist, customIds already taken) is the emulator's
 * own policy: valid bodies draw those values from the emulator's reference data, and a mutation that the
 * document allows but the policy refuses is not sent (fc.pre).
 */

type Json = Record<string, unknown>
export interface Schema {
  $ref?: string
  type?: string
  oneOf?: Schema[]
  allOf?: Schema[]
  enum?: unknown[]
  not?: object
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minItems?: number
  maxItems?: number
  pattern?: string
  minLength?: number
  maxLength?: number
}
export interface Document {
  paths: Record<string, {post: {requestBody: {content: Record<string, {schema: Schema}>}}}>
  components: {schemas: Record<string, Schema>}
}

let document: Document
let pool: Pool
let counterpartyId: string
/** Ajv 2020 as the document's readers use it: lengths in code points, patterns with the `u` flag. */
const ajv = new Ajv2020({strict: false, allErrors: false, validateSchema: false})
const addFormats = formats as unknown as typeof formats.default
addFormats(ajv)
/** customIds the emulator has taken (payouts of both generations share them), NFC as the service keys them. */
const takenPayoutIds = new Set<string>()
const takenCounterpartyIds = new Set<string>()

async function post(path: string, body: unknown) {
  const res = await pool.request({
    path,
    method: 'POST',
    headers: {authorization: `Bearer ${LOCAL_EMULATOR.fullKey}`, 'content-type': 'application/json'},
    body: JSON.stringify(body),
  })
  const text = await res.body.text()
  return {status: res.statusCode, body: JSON.parse(text) as Json}
}

// ---- bodies from the document ----

const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop() ?? '']) : schema
/**
 * A property the branch forbids (no value fits: the document writes it as a string of at least 1 and at most 0
 * characters, src/contract/document-forms.ts): the other way to name the recipient.
 */
const forbidden = (schema: Schema) => (schema.minLength ?? 0) > (schema.maxLength ?? Number.POSITIVE_INFINITY)

const amounts = fc
  .integer({min: 10, max: 100_000})
  .chain(cents =>
    fc.constantFrom(
      (cents / 100).toFixed(2),
      cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2),
      cents % 10 === 0 ? (cents / 100).toFixed(1) : (cents / 100).toFixed(2),
      `0${(cents / 100).toFixed(2)}`,
    ),
  )

const VALID_PAYMENT_METHODS = [
  {type: 'bank_iban', currency: 'EUR', iban: 'DE89370400440532013000'},
  {type: 'bank_iban', currency: 'EUR', iban: 'de89 3704 0044 0532 0130 00', accountHolderName: 'Rita Recipient'},
  {type: 'bank_iban', currency: 'EUR', iban: 'FR1420041010050500013M02606'},
]

/**
 * Values the service decides, by the field's path (`[]` an array item): drawn from the emulator's reference data
 * and this run's state. `null` leaves the field out of valid bodies (a follow-up step that depends on the payout's
 * state, or a deprecated alias the service compares with its new name); mutations still reach it.
 */
function policyValue(path: string): fc.Arbitrary<unknown> | null | undefined {
  const field = path.replace(/^items\[\]\./, '')
  if (field === 'currency') return fc.constantFrom(...SUPPORTED_CURRENCIES)
  if (field === 'amount' || field === 'payoutAmount') return amounts
  if (field === 'counterpartyId') return fc.constant(counterpartyId)
  if (field === 'address.country') return fc.constantFrom(...COUNTRIES.map(country => country.code))
  if (field === 'paymentMethod') return fc.constantFrom(...VALID_PAYMENT_METHODS)
  if (field === 'taxIdentity.taxId') return fc.stringMatching(/^\d{11}$/)
  if (field === 'andThen' || field === 'handleType') return null
  if (path === 'items') return undefined
  return undefined
}

function stringFrom(schema: Schema): fc.Arbitrary<string> {
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map(part => part.pattern)].filter(
    (pattern): pattern is string => pattern !== undefined,
  )
  const min = schema.minLength ?? 0
  const max = Math.min(schema.maxLength ?? 60, 60)
  const shape = patterns.find(pattern => !pattern.startsWith('^[^\\u0000'))
  const base = shape
    ? fc.stringMatching(new RegExp(shape))
    : fc.string({minLength: Math.max(min, 1), maxLength: max, unit: 'grapheme'})
  const compiled = patterns.map(pattern => new RegExp(pattern, 'u'))
  return base.filter(value => compiled.every(re => re.test(value)) && [...value].length >= min)
}

function arbitraryOf(raw: Schema, path = ''): fc.Arbitrary<unknown> {
  const policy = policyValue(path)
  if (policy) return policy
  const schema = resolve(raw)
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map(branch => arbitraryOf(branch, path)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.type === 'object') {
    const properties = Object.entries(schema.properties ?? {}).filter(
      (entry): entry is [string, Schema] =>
        !forbidden(entry[1]) && policyValue(path ? `${path}.${entry[0]}` : entry[0]) !== null,
    )
    const fields = Object.fromEntries(
      properties.map(([name, property]) => [name, arbitraryOf(property, path ? `${path}.${name}` : name)]),
    )
    return fc.record(fields, {requiredKeys: (schema.required ?? []).filter(name => name in fields)})
  }
  if (schema.type === 'array' && schema.items)
    return fc.array(arbitraryOf(schema.items, `${path}[]`), {
      minLength: schema.minItems ?? 0,
      maxLength: Math.min(schema.maxItems ?? 3, 3),
    })
  if (schema.type === 'boolean') return fc.boolean()
  if (schema.type === 'string') return stringFrom(schema)
  throw new Error(`no generator for ${JSON.stringify(schema).slice(0, 80)} at ${path}`)
}

/** A counterparty's tax identity follows the rules of its country: kept only for an individual in Germany. */
function withCountryRules(body: Json): Json {
  const address = body.address as Json | undefined
  const identity = body.identity as Json | undefined
  if (body.taxIdentity && (address?.country !== 'DE' || identity?.type !== 'individual')) {
    const {taxIdentity: _, ...rest} = body
    return rest
  }
  return body
}

// ---- mutations around the document ----

const DELETE = Symbol('delete')
const edges = [0, 1, 100, 101, 254, 255, 256, 1000, 1001].map(length => 'x'.repeat(length))
const NEAR_RULES = [
  ...['12,34', '1e3', '-5.00', '12.345', '0', '0.00', '.5', '5.', ' 5', '1 000.00', '0.10', '1000000000.01'],
  ...['eur', 'EURO', 'EU', 'DEU', 'de', 'XX', '1990-13-45', '1990-02-29', '2000-02-29', '1990-4-30'],
  ...['not-an-email', 'nope', 'a@b', 'a b@c.d', 'not an iban', 'DE00', 'DE89370400440532013001'],
  ...['counterparty_x', 'payout_0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d', 'individual', 'business', 'email', 'phone'],
  ...['a\u001bb', 'line\nbreak', 'tab\there', 'bidi\u202eexe.png', '+4915112345678', '015112345678', 'send-claim-link'],
  '😀'.repeat(600),
  '😀'.repeat(1001),
  ...edges,
]
const valueNearRules: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(DELETE),
  fc.constantFrom(12, 0, -1, 1.5, true, false, null, [], {}),
  fc.constantFrom(...NEAR_RULES),
  fc.string({maxLength: 12}),
  fc.string({unit: 'binary', maxLength: 8}),
  fc.constantFrom(Array(51).fill('tag'), Array(101).fill('x'), [''], ['a\u001bb']),
)

/** Every path to a value in the body, and a few a body may hold but this one does not. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix]
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value)
  return [prefix, ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))]
}
const OPTIONAL_PATHS = [
  'recipient',
  'counterpartyId',
  'andThen',
  'handleType',
  'tags',
  'unknownField',
  'taxIdentity.dateOfBirth',
  'taxIdentity.birthPlaceCountry',
  'paymentMethod.iban',
].map(path => path.split('.'))

function mutate(body: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value === DELETE ? undefined : value
  const copy: Json = Array.isArray(body) ? ([...body] as unknown as Json) : {...((body ?? {}) as Json)}
  const [key, ...rest] = path
  const next = mutate(copy[key], rest, value)
  if (next === undefined) delete copy[key]
  else copy[key] = next
  return copy
}

const mutated = (valid: fc.Arbitrary<unknown>) =>
  valid.chain(body =>
    fc
      .tuple(
        fc.constantFrom(...pathsOf(body), ...OPTIONAL_PATHS),
        valueNearRules,
        fc.constantFrom(...pathsOf(body), ...OPTIONAL_PATHS),
        fc.oneof(fc.constant(undefined), valueNearRules),
      )
      .map(([path, value, second, secondValue]) => {
        const once = mutate(body, path, value)
        return secondValue === undefined ? once : mutate(once, second, secondValue)
      }),
  )

// ---- the service's policy, for bodies the document accepts ----

const inLimits = (amount: unknown) =>
  typeof amount === 'string' && new Big(amount).gte(AMOUNT_LIMITS.min) && new Big(amount).lte(AMOUNT_LIMITS.max)
const settled = (currency: unknown) => SUPPORTED_CURRENCIES.includes(String(currency))
const fresh = (taken: Set<string>, customId: unknown) =>
  typeof customId !== 'string' || !taken.has(customId.normalize('NFC'))

function payoutPolicy(item: Json, amountKey: string): boolean {
  return (
    settled(item.currency) &&
    inLimits(item[amountKey]) &&
    (item.counterpartyId === undefined || item.counterpartyId === counterpartyId) &&
    fresh(takenPayoutIds, item.customId)
  )
}

function counterpartyPolicy(body: Json): boolean {
  const identity = body.identity as Json
  const tax = body.taxIdentity as Json | undefined
  const kind = identity.type === 'business' ? 'business' : 'individual'
  const address = body.address as Json
  return (
    !counterpartyProblems(body as never).length &&
    fresh(takenCounterpartyIds, body.customId) &&
    (!tax || !taxIdentityProblems(tax, String(address.country), kind).length)
  )
}

/** Marks the customIds of an accepted body as taken. */
function remember(endpoint: Endpoint, body: Json): void {
  for (const id of endpoint.customIds(body)) if (typeof id === 'string') endpoint.taken.add(id.normalize('NFC'))
}

export interface Endpoint {
  name: string
  path: string
  policy: (body: Json) => boolean
  taken: Set<string>
  customIds: (body: Json) => unknown[]
  valid: () => fc.Arbitrary<unknown>
}

const requestSchema = (path: string) => document.paths[path].post.requestBody.content['application/json'].schema

const endpoints = (): Endpoint[] => [
  {
    name: 'v1 POST /payout',
    path: '/api/v1/payout',
    policy: body =>
      payoutPolicy(body, 'payoutAmount') &&
      !(body.handleType && body.verificationMethod && body.handleType !== body.verificationMethod),
    taken: takenPayoutIds,
    customIds: body => [body.customId],
    valid: () => arbitraryOf(requestSchema('/api/v1/payout')),
  },
  {
    name: 'v2 POST /payouts',
    path: '/api/v2/payouts',
    policy: body => payoutPolicy(body, 'amount') && body.andThen === undefined,
    taken: takenPayoutIds,
    customIds: body => [body.customId],
    valid: () => arbitraryOf(requestSchema('/api/v2/payouts')),
  },
  {
    name: 'v2 POST /payouts/batch',
    path: '/api/v2/payouts/batch',
    policy: body => {
      const items = body.items as Json[]
      const ids = items.map(item => item.customId).filter(id => typeof id === 'string')
      return (
        items.every(item => payoutPolicy(item, 'amount') && item.andThen === undefined) &&
        new Set(ids.map(id => (id as string).normalize('NFC'))).size === ids.length
      )
    },
    taken: takenPayoutIds,
    customIds: body => (body.items as Json[]).map(item => item.customId),
    valid: () => arbitraryOf(requestSchema('/api/v2/payouts/batch')),
  },
  {
    name: 'v2 POST /counterparties',
    path: '/api/v2/counterparties',
    policy: counterpartyPolicy,
    taken: takenCounterpartyIds,
    customIds: body => [body.customId],
    valid: () => arbitraryOf(requestSchema('/api/v2/counterparties')).map(body => withCountryRules(body as Json)),
  },
]

/** One drawn body as the document and the emulator judged it. */
export interface Judged {
  body: unknown
  documentSays: boolean
  answer: {status: number; body: Json}
  ajvError: unknown
}

/**
 * Draws `runs` bodies for an endpoint, valid ones and mutations, sends each the document accepts within the
 * service's policy (and each it refuses) to the emulator, and hands each to `check` with both verdicts. Answers
 * how many the emulator accepted.
 */
export async function drawBodies(endpoint: Endpoint, runs: number, check: (judged: Judged) => void): Promise<number> {
  const validate = ajv.compile({$ref: `openapi.json${requestSchema(endpoint.path).$ref}`})
  let accepted = 0
  await fc.assert(
    fc.asyncProperty(fc.oneof(endpoint.valid(), mutated(endpoint.valid())), async generated => {
      const body = generated === undefined ? undefined : JSON.parse(JSON.stringify(generated))
      const documentSays = validate(body)
      fc.pre(!documentSays || endpoint.policy(body as Json))
      const answer = await post(endpoint.path, body)
      check({body, documentSays, answer, ajvError: validate.errors?.[0]})
      if (answer.status === 200) {
        accepted++
        remember(endpoint, body as Json)
      }
    }),
    {numRuns: runs},
  )
  return accepted
}

/**
 * Reads the served document from the emulator at `url`, funds its sandbox team and creates the counterparty that
 * valid v2 bodies name. Answers the four endpoints; `close` ends the connection.
 */
export async function documentBodies(
  url: string,
): Promise<{document: Document; endpoints: Endpoint[]; close(): Promise<void>}> {
  pool = new Pool(url, {connections: 1, pipelining: 1})
  const res = await pool.request({path: '/api/openapi.json', method: 'GET'})
  document = JSON.parse(await res.body.text())
  ajv.addSchema(document, 'openapi.json')
  for (const currency of SUPPORTED_CURRENCIES)
    for (let i = 0; i < 3; i++)
      expect((await post('/api/v2/team/sandbox-deposit', {currency, amount: '900000000.00'})).status).toBe(200)
  const created = await post('/api/v2/counterparties', {
    identity: {type: 'individual', firstName: 'Rita', lastName: 'Recipient'},
    address: {line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE'},
    paymentMethod: {type: 'bank_iban', currency: 'EUR', iban: 'DE89370400440532013000'},
  })
  expect(created.status).toBe(200)
  counterpartyId = String(created.body.id)
  return {document, endpoints: endpoints(), close: () => pool.close()}
}
