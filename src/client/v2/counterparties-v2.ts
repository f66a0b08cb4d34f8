import type {CreateCounterparty, PatchCounterparty} from '../../contract/requests/index.js'
import {type CursorPageOptions, paginateCursor} from '../pagination.js'
import {parseResponse} from '../parse.js'
import {path} from '../path.js'
import {
  type Counterparty,
  counterpartySchema,
  countrySchema,
  deletedV2Schema,
  listOf,
  paymentMethodTypeSchema,
} from '../schemas.js'
import type {Transport} from '../transport.js'
import {type PostOptions, postV2, V2} from './post-v2.js'

/** A create body; an update sends a patch of the same shape (`null` clears email, paymentMethod, taxIdentity). */
export type CounterpartyInput = CreateCounterparty

const counterpartyList = listOf(counterpartySchema)

export class CounterpartiesV2 {
  constructor(private readonly transport: Transport) {}

  async create(body: CounterpartyInput, options: PostOptions = {}): Promise<Counterparty> {
    return (await this.submit(body, options)).counterparty
  }

  /** create, telling whether the service replayed its answer to an earlier call with the same idempotency key. */
  async submit(
    body: CounterpartyInput,
    options: PostOptions = {},
  ): Promise<{counterparty: Counterparty; earlier: boolean}> {
    const res = await postV2(this.transport, '/counterparties', body, options)
    const counterparty = parseResponse(counterpartySchema, res.body, 'counterparty', res.requestId)
    return {counterparty, earlier: res.replayed && !res.retried}
  }

  async get(id: string): Promise<Counterparty> {
    const res = await this.transport.request({method: 'GET', path: `${V2}${path`/counterparties/${id}`}`})
    return parseResponse(counterpartySchema, res.body, 'counterparty', res.requestId)
  }

  async list(options: {limit?: number; cursor?: string} = {}) {
    const res = await this.transport.request({method: 'GET', path: `${V2}/counterparties`, query: options})
    return parseResponse(counterpartyList, res.body, 'counterparty list', res.requestId)
  }

  pages(options: CursorPageOptions = {}) {
    return paginateCursor((cursor, pageSize) => this.list({cursor, limit: pageSize}), options)
  }

  async update(id: string, patch: PatchCounterparty): Promise<Counterparty> {
    const res = await this.transport.request({
      method: 'PATCH',
      path: `${V2}${path`/counterparties/${id}`}`,
      body: patch,
    })
    return parseResponse(counterpartySchema, res.body, 'counterparty', res.requestId)
  }

  async delete(id: string) {
    const res = await this.transport.request({method: 'DELETE', path: `${V2}${path`/counterparties/${id}`}`})
    return parseResponse(deletedV2Schema, res.body, 'deleted counterparty', res.requestId)
  }

  /** Tax-field rules per country and identity type: read them, never hardcode them (spec 4.4b). */
  async countries() {
    const res = await this.transport.request({method: 'GET', path: `${V2}/countries`})
    return parseResponse(listOf(countrySchema), res.body, 'country list', res.requestId).data
  }

  /** Settlement currencies and payout assets per payment method (spec 4.4b). */
  async paymentMethodTypes() {
    const res = await this.transport.request({method: 'GET', path: `${V2}/payment-method-types`})
    return parseResponse(listOf(paymentMethodTypeSchema), res.body, 'payment method types', res.requestId).data
  }
}
