import type {PayoutClient} from '../../client/index.js'
import type {Country, PaymentMethodType} from '../../client/schemas.js'
import type {CounterpartyInput} from '../../client/v2/counterparties-v2.js'
import {messageOf} from '../../shared/thrown.js'
import type {CheckProblem, OnlineChecks} from '../import/check/online-checks.js'
import {type ChunkOptions, fileRows} from '../import/send/chunks.js'
import {taxCheckInput, taxIdentityProblems} from './tax-rules.js'

/**
 * The rows of `counterparties import` checked against what the service publishes, before anything is
 * sent (and by `--dry-run`): the country and the tax identity against `GET /countries`, the payment method,
 * its currency and asset against `GET /payment-method-types`. Read from the service, never hardcoded.
 */

const CHECKED = 'countries and tax rules (GET /countries), payment methods (GET /payment-method-types)'

/** At most this many rows are listed; the rest are counted. */
const LISTED = 20

const list = (values: readonly unknown[]) => values.map(String).join(', ')

function paymentProblems(item: CounterpartyInput, types: readonly PaymentMethodType[]): string[] {
  const method = item.paymentMethod
  if (!method) return []
  const type = types.find(known => known.type === method.type)
  if (!type)
    return [`payment-method "${method.type}" is not offered by the service (it offers ${list(types.map(t => t.type))})`]
  const {currencies, assets} = type as {currencies?: unknown; assets?: unknown}
  const problems: string[] = []
  if (method.currency && Array.isArray(currencies) && !currencies.includes(method.currency))
    problems.push(`payment-currency ${method.currency}: ${type.type} pays out in ${list(currencies)}`)
  const asset = method.asset
  if (typeof asset === 'string' && Array.isArray(assets) && assets.length && !assets.includes(asset))
    problems.push(`asset ${asset}: ${type.type} pays out ${list(assets)}`)
  return problems
}

export function rowProblems(
  item: CounterpartyInput,
  countries: readonly Country[],
  types: readonly PaymentMethodType[],
): string[] {
  const tax = taxCheckInput(item)
  const country = item.address.country
  const place = tax
    ? taxIdentityProblems(countries, tax)
    : countries.some(known => known.code === country)
      ? []
      : [`country ${country} is not a supported country (see "payctl counterparties countries")`]
  return [...place, ...paymentProblems(item, types)]
}

export async function checkCounterpartyRows(input: {
  client: () => Promise<PayoutClient>
  chunkOptions: ChunkOptions<CounterpartyInput>
  sending: boolean
}): Promise<OnlineChecks> {
  let countries: Country[]
  let types: PaymentMethodType[]
  try {
    const client = await input.client()
    ;[countries, types] = await Promise.all([
      client.v2.counterparties.countries(),
      client.v2.counterparties.paymentMethodTypes(),
    ])
  } catch (error) {
    // Before sending, a service that does not answer stops the import (exit 7); a dry run says it checked offline.
    if (input.sending) throw error
    return {online: false, offlineReason: messageOf(error), problems: [], checked: CHECKED}
  }
  const problems: CheckProblem[] = []
  let more = 0
  for await (const entry of fileRows(input.chunkOptions)) {
    if (entry.kind === 'invalid') continue
    const found = rowProblems(entry.row.item, countries, types)
    if (!found.length) continue
    if (problems.length < LISTED) problems.push({line: entry.row.line, message: found.join('; ')})
    else more++
  }
  if (more) problems.push({line: null, message: `… and ${more.toLocaleString('en-US')} more rows`})
  return {online: true, problems, checked: CHECKED}
}
