import {describe, expect, it} from 'vitest'
import {buildCreateBody} from '../../src/services/counterparties/counterparty-input.js'
import {describeRules, taxIdentityProblems, taxRulesOf} from '../../src/services/counterparties/tax-rules.js'

const countries = [
  {
    code: 'DE',
    name: 'Germany',
    taxFields: {
      individual: [
        {field: 'taxId', required: true, pattern: '^\\d{11}$', description: 'Steuer-ID (11 digits)'},
        {field: 'dateOfBirth', required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$'},
        {field: 'birthPlaceCity', required: false},
      ],
      business: [{field: 'vatNumber', required: true, pattern: '^DE\\d{9}$'}],
    },
  },
  {code: 'XX', name: 'Unknown shape'},
]

describe('tax rules from GET /countries', () => {
  it('names every failed rule with its description', () => {
    expect(
      taxIdentityProblems(countries, {country: 'DE', identityType: 'individual', taxIdentity: {taxId: '123'}}),
    ).toEqual([
      'taxIdentity.taxId "123" does not match the rule for individual counterparties in DE (Steuer-ID (11 digits)): ^\\d{11}$',
      'taxIdentity.dateOfBirth is required for individual counterparties in DE',
    ])
  })

  it('passes a valid identity, reads rules per identity type, and skips unknown shapes', () => {
    expect(
      taxIdentityProblems(countries, {
        country: 'DE',
        identityType: 'individual',
        taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-04-30'},
      }),
    ).toEqual([])
    expect(taxIdentityProblems(countries, {country: 'DE', identityType: 'business', taxIdentity: {}})).toHaveLength(1)
    expect(taxIdentityProblems(countries, {country: 'XX', identityType: 'individual', taxIdentity: {}})).toEqual([])
    expect(taxIdentityProblems(countries, {country: 'FR', identityType: 'individual', taxIdentity: {}})[0]).toMatch(
      /FR is not a supported country/,
    )
    expect(describeRules(taxRulesOf(countries[0], 'individual'))).toBe('taxId*, dateOfBirth*, birthPlaceCity')
  })
})

describe('counterparty create body', () => {
  it('builds nested groups from flags and defaults identity.type to individual', async () => {
    const body = await buildCreateBody({
      'first-name': 'Jan',
      'last-name': 'Berg',
      line1: 'Hauptstr. 5',
      city: 'Berlin',
      'postal-code': '10115',
      country: 'DE',
      'payment-method': 'bank_iban',
      iban: 'DE89370400440532013000',
      'payment-currency': 'EUR',
      'tax-id': '12345678901',
    })
    expect(body).toEqual({
      identity: {type: 'individual', firstName: 'Jan', lastName: 'Berg'},
      address: {line1: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE'},
      paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'},
      taxIdentity: {taxId: '12345678901'},
    })
  })

  it('names the missing flags', async () => {
    await expect(buildCreateBody({'first-name': 'Jan', country: 'DE'})).rejects.toThrow(
      'missing --last-name (identity.lastName), --line1 (address.line1), --city (address.city), --postal-code (address.postalCode)',
    )
  })
})
