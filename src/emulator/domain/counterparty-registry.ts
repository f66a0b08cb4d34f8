import {randomUUID} from 'node:crypto'
import type * as z from 'zod/mini'
import type {ErrorDetail} from '../../contract/error-envelope.js'
import {blockerSentence, payoutBlockers} from '../../contract/payability.js'
import {ibanIsValid, normalizeCustomId, UUID} from '../../contract/primitives.js'
import {PAYMENT_DETAIL_FIELDS, type patchCounterpartyBody} from '../../contract/requests/counterparty-requests.js'
import {type ApiFailure, invalidState, notFound, throwIfProblems} from '../http/api-failure.js'
import type {Store} from '../store/index.js'
import type {CounterpartyRow, PaymentMethodRecord, PayoutRow} from '../store/row-types.js'
import {counterpartyView, v2CounterpartyId, v2PayoutId} from './api-views.js'
import type {Clock} from './clock.js'
import type {Json} from './json-value.js'
import {countryByCode, PAYMENT_METHOD_TYPES, paymentMethodType, type TaxField} from './reference-data.js'

/**
 * Counterparties (spec 2.3, 4.4b): validation against the rules `GET /countries` and
 * `GET /payment-method-types` publish, `missing`, and the recipient-managed rows a claim creates.
 */

export interface CounterpartyData {
  customId?: string
  identity: Json
  email?: string
  address?: Json
  paymentMethod?: Json
  taxIdentity?: Json
}

const parse = (text: string | null): Json | undefined => (text ? (JSON.parse(text) as Json) : undefined)

export function dataOf(row: CounterpartyRow): CounterpartyData {
  return {
    customId: row.custom_id ?? undefined,
    identity: JSON.parse(row.identity),
    email: row.email ?? undefined,
    address: parse(row.address),
    paymentMethod: parse(row.payment_method),
    taxIdentity: parse(row.tax_identity),
  }
}

/** The columns a counterparty's data is stored in (`dataOf` reads them back). */
const columnsOf = (data: CounterpartyData) => ({
  custom_id: data.customId ?? null,
  identity: JSON.stringify(data.identity),
  email: data.email ?? null,
  address: data.address ? JSON.stringify(data.address) : null,
  payment_method: data.paymentMethod ? JSON.stringify(data.paymentMethod) : null,
  tax_identity: data.taxIdentity ? JSON.stringify(data.taxIdentity) : null,
})

/** What a direct payment to this counterparty still needs. */
export function missingOf(data: CounterpartyData): string[] {
  const missing: string[] = []
  if (!data.address) missing.push('address')
  if (!data.paymentMethod) missing.push('paymentMethod')
  const country = data.address ? countryByCode(String(data.address.country)) : undefined
  const rules = country?.taxFields[data.identity.type === 'business' ? 'business' : 'individual'] ?? []
  if (!data.taxIdentity && rules.some(rule => rule.required)) missing.push('taxIdentity')
  return missing
}

export interface TaxIdentityProblem {
  field: string
  kind: 'missing' | 'format' | 'date'
  rule?: TaxField
}

/** What is wrong with a tax identity under the rules of GET /countries for the country and identity type. */
export function taxIdentityProblems(
  taxIdentity: Json,
  countryCode: string,
  kind: 'individual' | 'business',
): TaxIdentityProblem[] {
  const country = countryByCode(countryCode)
  if (!country) return []
  const problems: TaxIdentityProblem[] = []
  for (const rule of country.taxFields[kind]) {
    const value = taxIdentity[rule.field]
    if (value === undefined) {
      if (rule.required) problems.push({field: rule.field, kind: 'missing', rule})
    } else if (rule.pattern && !new RegExp(rule.pattern).test(String(value)))
      problems.push({field: rule.field, kind: 'format', rule})
  }
  const birth = taxIdentity.dateOfBirth
  if (typeof birth === 'string' && Number.isNaN(Date.parse(`${birth}T00:00:00Z`)))
    problems.push({field: 'dateOfBirth', kind: 'date'})
  return problems
}

export type CounterpartyBody = z.output<typeof patchCounterpartyBody>
type PaymentMethodBody = NonNullable<CounterpartyBody['paymentMethod']>

/** What the contract leaves to the service (GET /countries, GET /payment-method-types), on a well-formed body. */
export function counterpartyProblems(input: CounterpartyBody): ErrorDetail[] {
  const country = input.address?.country
  const unsupported =
    country && !countryByCode(country)
      ? [
          {
            path: 'address.country',
            message: `unsupported country ${country}; GET /api/v2/countries lists the supported ones`,
          },
        ]
      : []
  return [...unsupported, ...(input.paymentMethod ? paymentMethodProblems(input.paymentMethod) : [])]
}

/** The type's currencies and fields: the fields it uses are required, the others refused. */
function paymentMethodProblems(method: PaymentMethodBody): ErrorDetail[] {
  const spec = paymentMethodType(method.type)
  if (!spec)
    return [
      {path: 'paymentMethod.type', message: `must be one of ${PAYMENT_METHOD_TYPES.map(type => type.type).join(', ')}`},
    ]
  const problems: ErrorDetail[] = []
  const fail = (field: string, message: string) => problems.push({path: `paymentMethod.${field}`, message})
  if (!spec.currencies.includes(method.currency))
    fail('currency', `${spec.type} pays out in ${spec.currencies.join(', ')}, not ${method.currency}`)
  for (const field of PAYMENT_DETAIL_FIELDS) {
    const given = method[field] !== undefined
    if (spec.fields.includes(field) && !given) fail(field, 'is required')
    else if (!spec.fields.includes(field) && given) fail(field, `is not used by ${spec.type}`)
  }
  if (method.iban !== undefined && spec.fields.includes('iban') && !ibanIsValid(method.iban))
    fail('iban', 'is not a valid IBAN (the check digits do not match)')
  if (method.asset !== undefined && spec.fields.includes('asset') && !spec.assets.includes(method.asset))
    fail('asset', `must be one of ${spec.assets.join(', ')}`)
  return problems
}

/** `taxIdentity` against the rules of GET /countries for the address country and identity type. */
function taxRuleProblems(taxIdentity: Json, address: Json, identity: Json): ErrorDetail[] {
  const kind = identity.type === 'business' ? 'business' : 'individual'
  return taxIdentityProblems(taxIdentity, String(address.country), kind).map(problem => ({
    path: `taxIdentity.${problem.field}`,
    message:
      problem.kind === 'missing'
        ? `is required for ${kind} counterparties in ${address.country}`
        : problem.kind === 'format'
          ? `does not match the ${address.country} format (${problem.rule?.description})`
          : 'must be a date like 1990-04-30',
  }))
}

export class CounterpartyRegistry {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  view(row: CounterpartyRow) {
    return counterpartyView(row, missingOf(dataOf(row)))
  }

  /** `counterparty_<uuid>` or a customId; deleted rows are not found. */
  resolve(teamId: string, id: string, fail: (failure: ApiFailure) => ApiFailure = f => f): CounterpartyRow {
    const uuid = id.startsWith('counterparty_') ? id.slice('counterparty_'.length) : undefined
    const row =
      uuid !== undefined
        ? UUID.test(uuid)
          ? this.store.counterparties.byUuid(teamId, uuid.toLowerCase())
          : undefined
        : this.store.counterparties.byCustomId(teamId, normalizeCustomId(id))
    if (!row || row.deleted_at) throw fail(notFound(`no counterparty ${id}`))
    return row
  }

  /**
   * Applies the service's rules to a create body (or a PATCH merged onto `existing`) that has the contract's shape;
   * throws VALIDATION_ERROR with every problem.
   */
  validate(patch: CounterpartyBody, existing?: CounterpartyRow): CounterpartyData {
    const problems = counterpartyProblems(patch)
    const base = existing ? dataOf(existing) : undefined
    const replaced = <K extends 'email' | 'paymentMethod' | 'taxIdentity'>(key: K) =>
      patch[key] === null ? undefined : (patch[key] ?? base?.[key])
    const identity = patch.identity ?? base?.identity
    const address = patch.address ?? base?.address
    const taxIdentity = replaced('taxIdentity')
    if (!problems.length && taxIdentity && address && identity)
      problems.push(...taxRuleProblems(taxIdentity, address, identity))
    throwIfProblems(problems)
    return {
      customId: patch.customId === undefined ? base?.customId : normalizeCustomId(patch.customId),
      identity: identity as Json,
      email: replaced('email'),
      address,
      paymentMethod: replaced('paymentMethod'),
      taxIdentity,
    }
  }

  create(teamId: string, data: CounterpartyData): CounterpartyRow {
    if (data.customId && this.store.counterparties.byCustomId(teamId, data.customId))
      throw invalidState(`customId "${data.customId}" is already used by another counterparty`)
    const now = this.clock.iso()
    return this.store.counterparties.insert({
      uuid: randomUUID(),
      team_id: teamId,
      ...columnsOf(data),
      recipient_managed: 0,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
  }

  update(row: CounterpartyRow, data: CounterpartyData): CounterpartyRow {
    if (row.recipient_managed)
      throw invalidState(`counterparty ${v2CounterpartyId(row.uuid)} is managed by the recipient`)
    if (data.customId && data.customId !== row.custom_id) {
      const other = this.store.counterparties.byCustomId(row.team_id, data.customId)
      if (other) throw invalidState(`customId "${data.customId}" is already used by another counterparty`)
    }
    return this.store.counterparties.patch(row, {...columnsOf(data), updated_at: this.clock.iso()})
  }

  delete(row: CounterpartyRow): void {
    if (row.recipient_managed)
      throw invalidState(`counterparty ${v2CounterpartyId(row.uuid)} is managed by the recipient`)
    this.store.counterparties.patch(row, {deleted_at: this.clock.iso(), updated_at: this.clock.iso()})
  }

  /** The e-mail of a counterparty, for claim links. */
  emailOf(teamId: string, uuid: string): string | undefined {
    return this.store.counterparties.byUuid(teamId, uuid)?.email ?? undefined
  }

  /** Where a direct pay sends the money: the counterparty's saved method, if nothing is missing. */
  paymentRecord(payout: PayoutRow, fail: (failure: ApiFailure) => ApiFailure): PaymentMethodRecord {
    const row = payout.counterparty_uuid
      ? this.store.counterparties.byUuid(payout.team_id, payout.counterparty_uuid)
      : undefined
    if (!row || row.deleted_at)
      throw fail(
        invalidState(`the counterparty of payout ${v2PayoutId(payout.uuid)} was deleted; update the payout first`),
      )
    const data = dataOf(row)
    const missing = missingOf(data)
    if (missing.length)
      throw fail(
        invalidState(
          `counterparty ${v2CounterpartyId(row.uuid)} still needs ${missing.join(', ')} before it can be paid`,
          {
            counterpartyId: v2CounterpartyId(row.uuid),
            missing,
          },
        ),
      )
    const [unsupported] = payoutBlockers({
      payout,
      counterparty: {paymentMethod: data.paymentMethod},
      methodTypes: PAYMENT_METHOD_TYPES,
    })
    if (unsupported)
      throw fail(
        invalidState(`payout ${v2PayoutId(payout.uuid)} cannot be paid: ${blockerSentence(unsupported)}`, {
          counterpartyId: v2CounterpartyId(row.uuid),
        }),
      )
    const method = data.paymentMethod as Json
    const identity = data.identity
    const holder =
      (method.accountHolderName as string | undefined) ??
      (identity.type === 'business' && identity.businessName
        ? String(identity.businessName)
        : `${identity.firstName} ${identity.lastName}`)
    const details: Record<string, string> = {accountHolderName: holder}
    for (const [key, value] of Object.entries(method))
      if (key !== 'type' && key !== 'currency' && typeof value === 'string') details[key] = value
    return {
      method: 'counterparty',
      details,
      type: String(method.type),
      currency: String(method.currency),
      asset: typeof method.asset === 'string' ? method.asset : undefined,
    }
  }

  /** The country of residence (and tax identity) a recipient gave on the claim page, if any (DAC7, spec 2.4). */
  taxResidence(teamId: string, email: string): {country: string; taxIdentity?: Json} | undefined {
    const row = this.store.counterparties.recipientManagedByEmail(teamId, email)
    const country = row?.address ? JSON.parse(row.address).country : undefined
    if (typeof country !== 'string') return undefined
    return {country, taxIdentity: row?.tax_identity ? JSON.parse(row.tax_identity) : undefined}
  }

  /** Records the recipient's country of residence and tax identity on their recipient-managed counterparty. */
  recordTaxResidence(teamId: string, email: string, country: string, taxIdentity: Json | undefined): void {
    const existing = this.store.counterparties.recipientManagedByEmail(teamId, email)
    const now = this.clock.iso()
    const address = JSON.stringify({...(existing?.address ? JSON.parse(existing.address) : {}), country})
    const tax = taxIdentity ? JSON.stringify(taxIdentity) : null
    if (existing) {
      this.store.counterparties.patch(existing, {address, tax_identity: tax, updated_at: now})
      return
    }
    this.store.counterparties.insert({
      uuid: randomUUID(),
      team_id: teamId,
      custom_id: null,
      identity: JSON.stringify({type: 'individual', firstName: email, lastName: '-'}),
      email,
      address,
      payment_method: null,
      tax_identity: tax,
      recipient_managed: 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
  }

  /** A recipient who claims to a bank account becomes (or updates) a recipient-managed counterparty. */
  recordRecipientManaged(teamId: string, email: string, record: PaymentMethodRecord): void {
    const [firstName, ...rest] = (record.details.accountHolderName ?? '').trim().split(/\s+/)
    const identity = {type: 'individual', firstName: firstName || email, lastName: rest.join(' ') || '-'}
    const paymentMethod = {type: record.type, iban: record.details.iban, currency: record.currency}
    const existing = this.store.counterparties.recipientManagedByEmail(teamId, email)
    const now = this.clock.iso()
    if (existing) {
      this.store.counterparties.patch(existing, {
        identity: JSON.stringify(identity),
        payment_method: JSON.stringify(paymentMethod),
        updated_at: now,
      })
      return
    }
    this.store.counterparties.insert({
      uuid: randomUUID(),
      team_id: teamId,
      custom_id: null,
      identity: JSON.stringify(identity),
      email,
      address: null,
      payment_method: JSON.stringify(paymentMethod),
      tax_identity: null,
      recipient_managed: 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
  }
}
