import type {Country} from '../../client/schemas.js'
import {asJsonObject, fieldOf} from '../../shared/json-object.js'

/** One tax-field rule as `GET /countries` publishes it per country and identity type. */
export interface TaxRule {
  field: string
  required: boolean
  pattern?: string
  description?: string
}

/** The rules of a country for an identity type, read tolerantly (unknown shapes give no rules). */
export function taxRulesOf(country: Country, identityType: string): TaxRule[] | undefined {
  const byType = asJsonObject(fieldOf(country, 'taxFields'))
  const list = byType?.[identityType]
  if (!Array.isArray(list)) return undefined
  return list.flatMap(item => {
    const rule = asJsonObject(item)
    if (!rule || typeof rule.field !== 'string') return []
    return [
      {
        field: rule.field,
        required: rule.required === true,
        pattern: typeof rule.pattern === 'string' ? rule.pattern : undefined,
        description: typeof rule.description === 'string' ? rule.description : undefined,
      },
    ]
  })
}

export interface TaxCheckInput {
  country: string
  identityType: string
  taxIdentity: Record<string, unknown>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value)

/** What the tax check needs from a counterparty body, when it has a tax identity to check. */
export function taxCheckInput(body: object): TaxCheckInput | undefined {
  const tax = fieldOf(body, 'taxIdentity')
  const address = fieldOf(body, 'address')
  const identity = fieldOf(body, 'identity')
  if (!isRecord(tax) || !isRecord(address) || typeof address.country !== 'string') return undefined
  const identityType = isRecord(identity) && typeof identity.type === 'string' ? identity.type : 'individual'
  return {country: address.country, identityType, taxIdentity: tax}
}

/**
 * Checks a tax identity against the rules the service publishes (spec 4.4b: read them, never hardcode them).
 * Returns every failed rule as one readable line; empty when the tax identity passes.
 */
export function taxIdentityProblems(countries: readonly Country[], input: TaxCheckInput): string[] {
  const country = countries.find(c => c.code === input.country)
  if (!country)
    return [`address.country ${input.country} is not a supported country (see "payctl counterparties countries")`]
  const rules = taxRulesOf(country, input.identityType)
  if (!rules) return []
  const where = `${input.identityType} counterparties in ${country.code}`
  const problems: string[] = []
  for (const rule of rules) {
    const value = input.taxIdentity[rule.field]
    const about = rule.description ? ` (${rule.description})` : ''
    if (value === undefined || value === null || value === '') {
      if (rule.required) problems.push(`taxIdentity.${rule.field} is required for ${where}${about}`)
      continue
    }
    if (rule.pattern) {
      let pattern: RegExp | undefined
      try {
        pattern = new RegExp(rule.pattern)
      } catch {
        pattern = undefined
      }
      if (pattern && !pattern.test(String(value)))
        problems.push(
          `taxIdentity.${rule.field} "${value}" does not match the rule for ${where}${about}: ${rule.pattern}`,
        )
    }
  }
  return problems
}

/** "taxId*, dateOfBirth*, birthPlaceCity" (* = required), for the countries table. */
export function describeRules(rules: TaxRule[] | undefined): string {
  if (!rules) return '-'
  if (!rules.length) return 'none'
  return rules.map(rule => `${rule.field}${rule.required ? '*' : ''}`).join(', ')
}
