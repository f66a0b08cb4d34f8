import {taxResidenceBody} from '../../contract/claim-bodies.js'
import {validationError} from '../http/api-failure.js'
import {parsedBody} from '../http/operation-route.js'
import type {TeamRow} from '../store/row-types.js'
import type {CounterpartyRegistry} from './counterparty-registry.js'
import {taxIdentityProblems} from './counterparty-registry.js'
import type {Json} from './json-value.js'
import {countryByCode, EU_COUNTRY_CODES} from './reference-data.js'

/**
 * The DAC7 step before a claim (spec 2.4 `dac7ReportingRequired`), one rule for the claim page
 * (`hosted/tax-residence.ts`) and the control table's `claimPayout`: when the paying team reports under DAC7,
 * the recipient says where they live; an EU resident also gives the tax identity that the country's rules of
 * `GET /api/v2/countries` ask of individuals. Both are kept on the recipient-managed counterparty of the team
 * and e-mail address, so the step is owed once.
 */

/** The country code recorded for "another country" (outside the emulator's list). */
export const OTHER_COUNTRY = 'ZZ'

export interface TaxResidence {
  country: string
  taxIdentity?: Json
}

/** Whether a recipient with this recorded residence still owes the step before claiming from this team. */
export function owesTaxResidence(team: TeamRow | undefined, residence: TaxResidence | undefined): boolean {
  if (team?.dac7_reporting_required !== 1) return false
  if (!residence) return true
  return EU_COUNTRY_CODES.includes(residence.country) && !residence.taxIdentity
}

export const isEuCountry = (code: string) => EU_COUNTRY_CODES.includes(code)

/** A known country code, or `other` (recorded as ZZ); undefined when neither. */
export function residenceCountry(code: string): string | undefined {
  if (code === 'other' || code === OTHER_COUNTRY) return OTHER_COUNTRY
  return countryByCode(code) ? code : undefined
}

/** The tax identity fields the country's rules name for individuals, as given (birthPlaceCountry upper-cased). */
export function taxIdentityOf(code: string, value: (field: string) => string | undefined): Record<string, string> {
  const taxIdentity: Record<string, string> = {}
  for (const rule of countryByCode(code)?.taxFields.individual ?? []) {
    const given = value(rule.field)
    if (given) taxIdentity[rule.field] = rule.field === 'birthPlaceCountry' ? given.toUpperCase() : given
  }
  return taxIdentity
}

const PROBLEM_MESSAGES = {
  missing: 'is required',
  format: 'does not match the rules of the country',
  date: 'must be a real date (YYYY-MM-DD)',
}

/**
 * The `taxResidence` of a control-route claim (`given`): nothing to do when the step is not owed; otherwise it must
 * be `{country, taxIdentity?}` (the contract's `taxResidenceBody`) that passes the country's rules, and it is
 * recorded (when the recipient has an e-mail address to key it by). Refuses with VALIDATION_ERROR naming
 * `taxResidence…` paths.
 */
export function settleTaxResidenceForClaim(
  registry: CounterpartyRegistry,
  team: TeamRow | undefined,
  email: string | undefined,
  given: unknown,
): void {
  const recorded = email && team ? registry.taxResidence(team.id, email) : undefined
  if (!owesTaxResidence(team, recorded)) return
  const why = `${team?.name ?? 'the team'} reports under DAC7: give the recipient's tax residence`
  if (given === undefined) throw validationError([{path: 'taxResidence', message: `is required: ${why}`}])
  const {country: code, taxIdentity: raw = {}} = parsedBody(taxResidenceBody, given, 'taxResidence')
  const country = residenceCountry(code.toUpperCase() === 'OTHER' ? 'other' : code.toUpperCase())
  if (!country)
    throw validationError([
      {path: 'taxResidence.country', message: 'must be a country code of GET /api/v2/countries, or other'},
    ])
  let taxIdentity: Json | undefined
  if (isEuCountry(country)) {
    const fields = countryByCode(country)?.taxFields.individual.map(rule => rule.field) ?? []
    const unused = Object.keys(raw).filter(field => !fields.some(known => known === field))
    if (unused.length)
      throw validationError(
        unused.map(field => ({
          path: `taxResidence.taxIdentity.${field}`,
          message: `is not asked of residents of ${country}`,
        })),
      )
    taxIdentity = taxIdentityOf(country, field => raw[field as keyof typeof raw])
    const problems = taxIdentityProblems(taxIdentity, country, 'individual')
    if (problems.length)
      throw validationError(
        problems.map(problem => ({
          path: `taxResidence.taxIdentity.${problem.field}`,
          message: PROBLEM_MESSAGES[problem.kind],
        })),
      )
  }
  if (email && team) registry.recordTaxResidence(team.id, email, country, taxIdentity)
}
