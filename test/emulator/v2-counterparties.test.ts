import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, counterpartyBody, DEFAULT, expectError, OTHER} from './helpers.js'

/** Spec 4.4b and DESIGN: counterparties, countries and payment-method types. */
describe('spec 4.4b: v2 counterparties', () => {
  const ctx = useEmulator()

  it('POST /counterparties creates a counterparty (2.3) and missing is empty when a direct payment needs nothing more', async () => {
    const counterparty = await ctx.api.counterparty({customId: 'cp-1'})
    expect(counterparty).toMatchObject({
      object: 'counterparty',
      id: expect.stringMatching(/^counterparty_[0-9a-f-]{36}$/),
      customId: 'cp-1',
      identity: {type: 'individual', firstName: 'Grace', lastName: 'Hopper'},
      email: 'grace@example.com',
      address: {country: 'DE', city: 'Berlin'},
      paymentMethod: {type: 'bank_iban', currency: 'EUR'},
      taxIdentity: {taxId: '12345678901'},
      recipientManaged: false,
      missing: [],
    })
  })

  it('without paymentMethod and taxIdentity the counterparty still exists and missing names what a direct payment needs', async () => {
    const counterparty = await ctx.api.counterparty({paymentMethod: undefined, taxIdentity: undefined})
    expect(counterparty.missing).toEqual(['paymentMethod', 'taxIdentity'])
    const gb = await ctx.api.counterparty({
      address: {line1: '1 High St', city: 'London', postalCode: 'SW1A 1AA', country: 'GB'},
      paymentMethod: undefined,
      taxIdentity: undefined,
    })
    expect(gb.missing).toEqual(['paymentMethod'])
  })

  it('taxIdentity is validated against the rules GET /countries gives for the address country and identity type', async () => {
    const countries = await ctx.api.get('/api/v2/countries')
    const de = countries.body.data.find((c: Body) => c.code === 'DE')
    const taxId = de.taxFields.individual.find((f: Body) => f.field === 'taxId')
    expect(taxId.required).toBe(true)
    expect(new RegExp(taxId.pattern).test('12345678901')).toBe(true)
    const cases: Array<[Body, string]> = [
      [{taxIdentity: {taxId: '123', dateOfBirth: '1990-04-30'}}, 'taxIdentity.taxId'],
      [{taxIdentity: {dateOfBirth: '1990-04-30'}}, 'taxIdentity.taxId'],
      [{taxIdentity: {taxId: '12345678901'}}, 'taxIdentity.dateOfBirth'],
      [{taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-02-31x'}}, 'taxIdentity.dateOfBirth'],
      [
        {
          identity: {type: 'business', firstName: 'A', lastName: 'B', businessName: 'Acme GmbH'},
          taxIdentity: {vatNumber: 'FR123'},
        },
        'taxIdentity.vatNumber',
      ],
    ]
    for (const [fields, path] of cases)
      expectError(await ctx.api.post('/api/v2/counterparties', counterpartyBody(fields)), 400, 'VALIDATION_ERROR', path)
    const business = await ctx.api.counterparty({
      identity: {type: 'business', firstName: 'A', lastName: 'B', businessName: 'Acme GmbH'},
      taxIdentity: {vatNumber: 'DE123456789'},
    })
    expect(business.missing).toEqual([])
    expect((await ctx.api.get('/api/v2/counterparties')).body.data).toHaveLength(1)
  })

  it('POST /counterparties requires identity {type, firstName, lastName} and address {line1, city, postalCode, country}', async () => {
    const cases: Array<[Body, string]> = [
      [{identity: undefined}, 'identity'],
      [{identity: {type: 'individual', firstName: 'A'}}, 'identity.lastName'],
      [{identity: {type: 'robot', firstName: 'A', lastName: 'B'}}, 'identity.type'],
      [{address: undefined}, 'address'],
      [{address: {line1: 'x', city: 'y', postalCode: 'z'}}, 'address.country'],
      [{address: {line1: 'x', city: 'y', postalCode: 'z', country: 'Germany'}}, 'address.country'],
      [{address: {line1: 'x', city: 'y', postalCode: 'z', country: 'ZZ'}}, 'address.country'],
      [{address: {city: 'y', postalCode: 'z', country: 'DE'}}, 'address.line1'],
      [{email: 'not-an-email'}, 'email'],
      [{paymentMethod: {type: 'bank_iban', iban: 'DE00123', currency: 'EUR'}}, 'paymentMethod.iban'],
      [{paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'USD'}}, 'paymentMethod.currency'],
      [{paymentMethod: {type: 'cheque', currency: 'EUR'}}, 'paymentMethod.type'],
      [{paymentMethod: {type: 'crypto', address: '0x12', asset: 'USDC', currency: 'USD'}}, 'paymentMethod.address'],
      [{paymentMethod: {type: 'bank_iban', currency: 'EUR'}}, 'paymentMethod.iban'],
      [{customId: ''}, 'customId'],
    ]
    for (const [fields, path] of cases)
      expectError(await ctx.api.post('/api/v2/counterparties', counterpartyBody(fields)), 400, 'VALIDATION_ERROR', path)
    expect((await ctx.api.get('/api/v2/counterparties')).body.data).toEqual([])
  })

  it('GET /counterparties lists newest first with id as tie-breaker, paging with opaque cursors', async () => {
    const created: Body[] = []
    for (let i = 0; i < 5; i++) {
      created.push(await ctx.api.counterparty({customId: `c${i}`}))
      if (i === 2) await ctx.api.advance(1)
    }
    const all: Body[] = []
    let cursor: string | undefined
    do {
      const res = await ctx.api.get('/api/v2/counterparties', {query: cursor ? {limit: 2, cursor} : {limit: 2}})
      all.push(...res.body.data)
      cursor = res.body.nextCursor
    } while (cursor)
    expect(all).toHaveLength(5)
    const expected = [...created].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    )
    expect(all.map(c => c.id)).toEqual(expected.map(c => c.id))
    expect(new Set(all.slice(0, 2).map(c => c.customId))).toEqual(new Set(['c3', 'c4']))
  })

  it('a recipient-managed row overridden by a team-managed row with the same e-mail is not listed', async () => {
    const payout = await ctx.api.v2Create({recipient: {type: 'email', email: 'Rita@Example.com'}})
    await ctx.api.claim(payout.id, 'bank-iban', {accountHolderName: 'Rita Recipient', iban: 'DE89370400440532013000'})
    const before = await ctx.api.get('/api/v2/counterparties')
    expect(before.body.data).toHaveLength(1)
    const managed = before.body.data[0]
    expect(managed).toMatchObject({recipientManaged: true, email: 'Rita@Example.com', missing: ['address']})
    expectError(
      await ctx.api.patch(`/api/v2/counterparties/${managed.id}`, {email: 'x@example.com'}),
      409,
      'INVALID_STATE',
    )
    const own = await ctx.api.counterparty({email: 'rita@example.com'})
    const after = await ctx.api.get('/api/v2/counterparties')
    expect(after.body.data.map((c: Body) => c.id)).toEqual([own.id])
    expect((await ctx.api.get(`/api/v2/counterparties/${managed.id}`)).body.recipientManaged).toBe(true)
  })

  it('GET, PATCH and DELETE /counterparties/{id} by id or customId; DELETE answers {object, id, deleted: true}', async () => {
    const counterparty = await ctx.api.counterparty({customId: 'cp-x'})
    expect((await ctx.api.get('/api/v2/counterparties/cp-x')).body.id).toBe(counterparty.id)
    const patched = await ctx.api.patch(`/api/v2/counterparties/${counterparty.id}`, {
      address: {line1: 'Neue Str. 2', city: 'Hamburg', postalCode: '20095', country: 'DE'},
      paymentMethod: null,
    })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body.address.city).toBe('Hamburg')
    expect(patched.body.paymentMethod).toBeUndefined()
    expect(patched.body.missing).toEqual(['paymentMethod'])
    expect(patched.body.identity.firstName).toBe('Grace')
    expectError(
      await ctx.api.patch(`/api/v2/counterparties/${counterparty.id}`, {address: {line1: 'x'}}),
      400,
      'VALIDATION_ERROR',
      'address.city',
    )
    const deleted = await ctx.api.delete('/api/v2/counterparties/cp-x')
    expect(deleted.body).toEqual({object: 'counterparty', id: counterparty.id, deleted: true})
    expectError(await ctx.api.get(`/api/v2/counterparties/${counterparty.id}`), 404, 'NOT_FOUND')
    expect((await ctx.api.get('/api/v2/counterparties')).body.data).toEqual([])
  })

  it('counterparties are per team and need counterparties:read and counterparties:write', async () => {
    const counterparty = await ctx.api.counterparty()
    expectError(await ctx.api.get(`/api/v2/counterparties/${counterparty.id}`, {key: OTHER}), 404, 'NOT_FOUND')
    expectError(await ctx.api.delete(`/api/v2/counterparties/${counterparty.id}`, {key: OTHER}), 404, 'NOT_FOUND')
    expect((await ctx.api.get('/api/v2/counterparties', {key: OTHER})).body.data).toEqual([])
    const reader = await ctx.api.newTeam({scopes: ['counterparties:read']})
    const refused = await ctx.api.post('/api/v2/counterparties', counterpartyBody(), {key: reader.key})
    expectError(refused, 403, 'INSUFFICIENT_SCOPE')
    expect(refused.body.error.data.requiredScope).toBe('counterparties:write')
    expect((await ctx.api.get('/api/v2/counterparties', {key: DEFAULT})).body.data).toHaveLength(1)
  })

  it('GET /countries answers a list envelope of countries with tax fields per identity type', async () => {
    const res = await ctx.api.get('/api/v2/countries')
    expect(res.body.object).toBe('list')
    for (const country of res.body.data) {
      expect(country.object).toBe('country')
      expect(country.code).toMatch(/^[A-Z]{2}$/)
      expect(country.name).toBeTypeOf('string')
      for (const kind of ['individual', 'business'])
        for (const field of country.taxFields[kind]) {
          expect([
            'taxId',
            'vatNumber',
            'dateOfBirth',
            'birthPlaceCity',
            'birthPlaceCountry',
            'registrationNumber',
          ]).toContain(field.field)
          expect(field.required).toBeTypeOf('boolean')
          expect(field.description).toBeTypeOf('string')
        }
    }
  })

  it('GET /payment-method-types answers currencies and assets per method, including bank_iban and crypto', async () => {
    const res = await ctx.api.get('/api/v2/payment-method-types')
    expect(res.body.object).toBe('list')
    const byType = Object.fromEntries(res.body.data.map((m: Body) => [m.type, m]))
    expect(byType.bank_iban).toMatchObject({object: 'payment_method_type', currencies: expect.arrayContaining(['EUR'])})
    expect(byType.crypto.assets).toEqual(expect.arrayContaining(['USDC']))
    expectError(await ctx.api.get('/api/v2/payment-method-types', {key: null}), 401, 'UNAUTHORIZED')
  })
})
