import * as z from 'zod/mini'
import {ApiError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import {countrySchema} from '../../contract/responses/reference-answers.js'
import {asJsonObject, fieldOf} from '../../shared/json-object.js'
import type {ReadCounterparty} from '../counterparties/counterparty-reads.js'
import type {CounterpartyRead, PayabilityReads} from './payability-fixes.js'

/** The answers of the payability checks' reads, taken from JSON as any reader got it (unknown fields kept aside). */

const isText = (value: unknown): value is string => typeof value === 'string'
const textOf = (value: unknown, key: string) => {
  const field = fieldOf(value, key)
  return isText(field) ? field : undefined
}

/** A counterparty's fields the checks read, or undefined when the value is none. */
export function counterpartyOf(value: unknown): CounterpartyRead | undefined {
  const object = asJsonObject(value)
  if (!object) return undefined
  const {missing} = object
  return {
    id: textOf(object, 'id'),
    missing: Array.isArray(missing) ? missing.filter(isText) : undefined,
    identity: {type: textOf(object.identity, 'type')},
    address: {country: textOf(object.address, 'country')},
    paymentMethod: asJsonObject(object.paymentMethod) ?? null,
  }
}

/** The countries of `GET /countries`, or undefined when the value is not their list. */
export const countriesOf = (value: unknown) => z.safeParse(z.array(countrySchema), value).data

/** Each payment-method type with the currencies it pays in, as far as the value tells. */
export function methodTypesOf(value: unknown): Array<{type: string; currencies?: string[]}> | undefined {
  if (!Array.isArray(value)) return undefined
  return value.flatMap(item => {
    const type = textOf(item, 'type')
    const currencies = fieldOf(item, 'currencies')
    return type ? [{type, currencies: Array.isArray(currencies) ? currencies.filter(isText) : undefined}] : []
  })
}

/**
 * The checks' reads through the client (the counterparty through the job's own reads when it has them); a counterparty
 * the service no longer finds (404) was deleted.
 */
export const clientReads = (
  client: PayoutClient,
  readCounterparty: ReadCounterparty = id => client.v2.counterparties.get(id),
): PayabilityReads => ({
  counterparty: id =>
    readCounterparty(id).then(counterpartyOf, (error: unknown) =>
      error instanceof ApiError && error.status === 404 ? {deleted: true} : undefined,
    ),
  countries: () => client.v2.counterparties.countries().then(countriesOf, () => undefined),
  methodTypes: () => client.v2.counterparties.paymentMethodTypes().then(methodTypesOf, () => undefined),
})
