import {type Counterparty, counterpartySchema} from '../../contract/responses/counterparty-answers.js'
import type {Country, PaymentMethodType} from '../../contract/responses/reference-answers.js'
import {describeRules, taxRulesOf} from '../../services/counterparties/tax-rules.js'
import {asJsonObject, fieldOf} from '../../shared/json-object.js'
import {type Column, withDocumentKeys} from './columns.js'
import {localTime, orDash} from './format.js'
import type {Output} from './output.js'

export const nameOf = (c: Counterparty): string => {
  const identity = asJsonObject(c.identity)
  if (!identity) return '-'
  const text = (key: string) => (typeof identity[key] === 'string' ? identity[key] : undefined)
  return (
    text('businessName') || [text('firstName'), text('middleName'), text('lastName')].filter(Boolean).join(' ') || '-'
  )
}

const addressOf = (c: Counterparty): string | undefined => {
  const a = c.address
  if (!a) return undefined
  return [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.state, a.country]
    .filter(Boolean)
    .join(', ')
}

const methodOf = (c: Counterparty): string | undefined => {
  const m = asJsonObject(c.paymentMethod)
  if (!m) return undefined
  const detail = ['iban', 'accountNumber', 'address'].map(key => m[key]).find(value => typeof value === 'string')
  return [m.type, m.currency, detail].filter(Boolean).join(' ')
}

const strings = (value: unknown): string => (Array.isArray(value) && value.length ? value.map(String).join(', ') : '-')

export const counterpartyColumns = withDocumentKeys<Counterparty>(
  [
    {header: 'ID', value: c => c.id},
    {header: 'Custom ID', value: c => orDash(c.customId), raw: c => c.customId},
    {header: 'Name', value: nameOf},
    {header: 'E-mail', key: 'email', value: c => orDash(c.email), raw: c => c.email},
    {header: 'Country', value: c => orDash(c.address?.country), raw: c => c.address?.country},
    {header: 'Payment method', value: c => orDash(c.paymentMethod?.type), raw: c => c.paymentMethod?.type},
    {header: 'Missing', value: c => (c.missing?.length ? c.missing.join(', ') : '-'), raw: c => c.missing?.join(' ')},
    {header: 'Created', key: 'createdAt', value: c => localTime(c.createdAt), raw: c => c.createdAt},
  ],
  Object.keys(counterpartySchema.shape),
)

export function showCounterparty(out: Output, c: Counterparty): void {
  const tax = c.taxIdentity
    ? Object.entries(c.taxIdentity)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')
    : undefined
  out.keyValue([
    ['ID', c.id],
    ['Custom ID', c.customId],
    ['Name', nameOf(c)],
    ['Identity type', c.identity?.type],
    ['E-mail', c.email],
    ['Address', addressOf(c)],
    ['Payment method', methodOf(c)],
    ['Tax identity', tax],
    [
      'Missing',
      c.missing ? (c.missing.length ? c.missing.join(', ') : 'nothing (ready for direct payment)') : undefined,
    ],
    ['Managed by', c.recipientManaged === undefined ? undefined : c.recipientManaged ? 'the recipient' : 'your team'],
    ['Created', localTime(c.createdAt)],
    ['Updated', c.updatedAt ? localTime(c.updatedAt) : undefined],
  ])
}

/** What a person sees of a deleted counterparty. */
export const deletedLine = (gone: {id: string}): string => `Deleted counterparty ${gone.id}`

export const countryColumns: Column<Country>[] = [
  {header: 'Code', value: c => c.code},
  {header: 'Name', value: c => orDash(c.name)},
  {header: 'Individual tax fields', value: c => describeRules(taxRulesOf(c, 'individual'))},
  {header: 'Business tax fields', value: c => describeRules(taxRulesOf(c, 'business'))},
]

export const paymentMethodTypeColumns: Column<PaymentMethodType>[] = [
  {header: 'Type', value: m => m.type},
  {header: 'Currencies', value: m => strings(fieldOf(m, 'currencies'))},
  {header: 'Assets', value: m => strings(fieldOf(m, 'assets'))},
  {header: 'Fields', value: m => strings(fieldOf(m, 'fields'))},
]
