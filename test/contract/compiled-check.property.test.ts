import fc from 'fast-check'
import {beforeAll, describe, expect, it} from 'vitest'
import type * as z from 'zod/mini'
import {type Accepts, requestCheckCompiler} from '../../src/contract/compiled-check.js'
import {generatedCheck} from '../../src/contract/generated-check.js'
import {checkRequest} from '../../src/contract/request-problems.js'
import {createPayoutV1Body} from '../../src/contract/requests/payout-v1-requests.js'
import {createPayoutV2Body, patchPayoutV2Body} from '../../src/contract/requests/payout-v2-requests.js'
import {sandboxDepositBody} from '../../src/contract/requests/team-requests.js'

/**
 * The validator compiled from a request schema's JSON Schema (Ajv, plus the body rules JSON Schema cannot state)
 * accepts exactly the bodies zod accepts. Bodies are drawn field by field from values on both sides of every rule
 * (lengths counted in characters, astral and lone surrogates, control characters, amounts against their
 * currency's decimals, the one-recipient rule, wrong types, keys present but undefined, unknown keys). A fixed
 * seed and a bounded number of bodies (FUZZ_SEED replays another seed).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 41)
const RUNS = 2500

/** Values a text field accepts, and values near or past one of its rules. */
const goodTexts = ['a', 'Royalties', 'x'.repeat(100), '😀'.repeat(100), 'tab\there', 'line\nbreak\r\n', ' spaced ']
const badTexts = [
  '',
  'x'.repeat(101),
  'x'.repeat(255),
  'x'.repeat(256),
  'd'.repeat(1000),
  'd'.repeat(1001),
  '😀'.repeat(255),
  '😀'.repeat(256),
  'lone \ud800 surrogate',
  'esc\u001bape',
  'del\u007f',
  'c1\u0085',
  'bidi\u202eexe',
]
const ABSENT = Symbol('absent')
/** Mostly a value of the field's own kind, sometimes one near a rule, absent, undefined or of another type. */
const field = (good: fc.Arbitrary<unknown>, bad: fc.Arbitrary<unknown>, absent = 1) =>
  fc.oneof(
    {arbitrary: good, weight: 16},
    {arbitrary: bad, weight: 2},
    {arbitrary: fc.constant(ABSENT), weight: absent},
    {arbitrary: fc.constant(undefined), weight: 1},
    {arbitrary: fc.constantFrom<unknown>(null, 0, 12.5, true, {}, [], ['a']), weight: 1},
  )
const text = field(
  fc.constantFrom(...goodTexts),
  fc.oneof(fc.constantFrom(...badTexts), fc.string({unit: 'binary', maxLength: 8})),
)
const optionalText = field(fc.constantFrom(...goodTexts), fc.constantFrom(...badTexts), 16)
const amount = field(
  fc.constantFrom('12.50', '1', '0.01', '12.5', '1000', '012.50', '9'.repeat(32)),
  fc.oneof(
    fc.constantFrom('0', '0.00', '.5', '5.', '12.345', '1e3', '-1', '+1', '12,50', '1,234.56', ' 12', '9'.repeat(33)),
    fc.stringMatching(/^[0-9.]{1,6}$/),
  ),
)
const currency = field(
  fc.constantFrom('EUR', 'USD', 'JPY', 'KWD', 'XXX'),
  fc.constantFrom('eur', 'EURO', 'EU', '', '€UR'),
)
const goodEmail = fc.constantFrom('ada@example.com', 'a@b.c', `${'a'.repeat(242)}@example.com`)
const badEmail = fc.constantFrom(
  'nope',
  'a@b',
  'a b@c.de',
  '',
  `${'a'.repeat(243)}@example.com`,
  `${'😀'.repeat(242)}@example.com`,
)
const goodPhone = fc.constantFrom('+4915112345678', '+1234567', '+123456789012345')
const badPhone = fc.constantFrom('+123456', '+0151234567', '015112345678', '', '+1234567890123456')
const counterpartyId = field(
  fc.constantFrom(
    'counterparty_123e4567-e89b-42d3-a456-426614174000',
    'counterparty_123E4567-E89B-42D3-A456-426614174000',
  ),
  fc.constantFrom('counterparty_x', 'payout_123e4567-e89b-42d3-a456-426614174000', ''),
)
const recipient = field(
  fc.oneof(
    fc.record({type: fc.constant('email'), email: goodEmail}),
    fc.record({type: fc.constant('phone'), phone: goodPhone}),
    fc.record({type: fc.constant('email'), email: goodEmail, phone: goodPhone}),
  ),
  fc.oneof(
    fc.record({type: fc.constant('email'), email: badEmail}),
    fc.record({type: fc.constant('phone'), phone: badPhone}),
    fc.record({type: fc.constant('phone'), phone: goodPhone, email: badEmail}),
    fc.record({type: fc.constantFrom('email', 'phone', 'fax', 'EMAIL')}),
  ),
)
const tags = field(
  fc.oneof(
    fc.array(fc.constantFrom(...goodTexts), {maxLength: 3}),
    fc.constant(Array.from({length: 50}, (_, i) => `t${i}`)),
  ),
  fc.oneof(
    fc.array(fc.constantFrom(...badTexts), {minLength: 1, maxLength: 2}),
    fc.constant(Array.from({length: 51}, (_, i) => `t${i}`)),
  ),
  16,
)

/** The payee: the recipient or the counterparty, sometimes both or neither. */
const payee = fc.oneof(
  {arbitrary: fc.record({recipient}), weight: 8},
  {arbitrary: fc.record({counterpartyId}), weight: 8},
  {arbitrary: fc.record({recipient, counterpartyId}), weight: 1},
  {arbitrary: fc.constant({}), weight: 1},
)
const v2 = fc.record({
  customId: optionalText,
  description: text,
  amount,
  currency,
  payee,
  tags,
  andThen: field(fc.constantFrom('pay', 'send-claim-link'), fc.constantFrom('Pay', ''), 16),
  unknownField: optionalText,
})
const v1 = fc.record({
  customId: optionalText,
  description: text,
  payoutAmount: amount,
  currency,
  email: field(goodEmail, badEmail, 16),
  phone: field(goodPhone, badPhone, 16),
  creatorHandle: optionalText,
  verificationMethod: optionalText,
  preApproved: field(fc.boolean(), fc.constantFrom('yes'), 16),
  payoutType: field(fc.constantFrom('manual', 'advance'), fc.constantFrom('other', ''), 16),
  notifications: field(fc.constantFrom('allowed', 'not-allowed'), fc.constantFrom('maybe'), 16),
  tags,
})

/** The body a drawn record stands for: absent fields left out, the payee's fields in the body itself. */
const bodyOf = (drawn: Record<string, unknown>) => {
  const {payee: fromPayee, ...rest} = drawn as {payee?: Record<string, unknown>}
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries({...rest, ...fromPayee})) if (value !== ABSENT) out[key] = value
  return out
}
const notAnObject = fc.constantFrom<unknown>(undefined, null, 'body', 1, [])
const bodies = (shape: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof({arbitrary: shape.map(bodyOf), weight: 30}, {arbitrary: notAnObject, weight: 1})

const SCHEMAS: Record<string, {schema: z.ZodMiniType; body: fc.Arbitrary<unknown>}> = {
  createPayoutV2Body: {schema: createPayoutV2Body, body: bodies(v2)},
  patchPayoutV2Body: {schema: patchPayoutV2Body, body: bodies(v2)},
  createPayoutV1Body: {schema: createPayoutV1Body, body: bodies(v1)},
  sandboxDepositBody: {schema: sandboxDepositBody, body: bodies(v2)},
}

/** `RUNS` bodies of `name`'s kind: `accepts` says yes exactly where zod does, and both verdicts are reached often. */
function decidesAsZod(name: string, accepts: Accepts) {
  const verdicts = {accepted: 0, refused: 0}
  fc.assert(
    fc.property(SCHEMAS[name].body, value => {
      const zod = checkRequest(SCHEMAS[name].schema, value).ok
      expect(accepts(value), JSON.stringify(value)).toBe(zod)
      verdicts[zod ? 'accepted' : 'refused']++
    }),
    {seed: SEED, numRuns: RUNS},
  )
  // Both verdicts are reached often, so the equality says something of each.
  expect(verdicts.accepted).toBeGreaterThan(RUNS / 10)
  expect(verdicts.refused).toBeGreaterThan(RUNS / 10)
}

describe('a validator compiled from the contract JSON Schema decides as zod does', () => {
  const compiled: Record<string, Accepts> = {}
  let compile: (schema: z.ZodMiniType) => Accepts
  beforeAll(async () => {
    compile = await requestCheckCompiler()
    for (const [name, {schema}] of Object.entries(SCHEMAS)) compiled[name] = compile(schema)
  })

  it.each(Object.keys(SCHEMAS))(`%s: ${RUNS} bodies, the same yes or no`, name => decidesAsZod(name, compiled[name]))

  it('refuses to compile a schema whose own check JSON Schema cannot state', async () => {
    const {z} = await import('zod/mini').then(m => ({z: m}))
    const refined = z.object({a: z.string()}).check(z.refine(value => value.a !== 'b'))
    expect(() => compile(refined)).toThrow(/JSON Schema cannot state/)
  })
})

describe('a validator the build generated decides as zod does', () => {
  const generated = ['createPayoutV2Body', 'patchPayoutV2Body', 'createPayoutV1Body']

  it.each(generated)(`%s: ${RUNS} bodies, the same yes or no`, name => {
    const accepts = generatedCheck(SCHEMAS[name].schema)
    expect(accepts, `${name} has no generated validator`).toBeDefined()
    decidesAsZod(name, accepts as Accepts)
  })

  it('is there only for the schemas the build generated validators for', () => {
    expect(generatedCheck(sandboxDepositBody)).toBeUndefined()
  })
})
