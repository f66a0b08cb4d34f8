import type {CreateCounterparty, PatchCounterparty} from '../../contract/requests/index.js'
import {call} from '../call.js'
import {type CursorPageOptions, paginateCursor} from '../pagination.js'
import type {Counterparty} from '../schemas.js'
import type {Transport} from '../transport.js'
import type {PostOptions} from './payouts-v2.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const counterpartyRows = async () =>
  (await import('../../contract/operations/v2-counterparty-operations.js')).v2CounterpartyOperations
const referenceRows = async () =>
  (await import('../../contract/operations/v2-reference-operations.js')).v2ReferenceOperations

/** A create body; an update sends a patch of the same shape (`null` clears email, paymentMethod, taxIdentity). */
export type CounterpartyInput = CreateCounterparty

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
    const res = await call(this.transport, (await counterpartyRows()).createCounterparty, {body, ...options})
    return {counterparty: res.body, earlier: res.replayed && !res.retried}
  }

  async get(id: string): Promise<Counterparty> {
    return (await call(this.transport, (await counterpartyRows()).getCounterparty, {params: {id}})).body
  }

  async list(options: {limit?: number; cursor?: string} = {}) {
    return (await call(this.transport, (await counterpartyRows()).listCounterparties, {query: options})).body
  }

  pages(options: CursorPageOptions = {}) {
    return paginateCursor((cursor, pageSize) => this.list({cursor, limit: pageSize}), options)
  }

  async update(id: string, patch: PatchCounterparty): Promise<Counterparty> {
    return (await call(this.transport, (await counterpartyRows()).updateCounterparty, {params: {id}, body: patch})).body
  }

  async delete(id: string) {
    return (await call(this.transport, (await counterpartyRows()).deleteCounterparty, {params: {id}})).body
  }

  /** Tax-field rules per country and identity type: read them, never hardcode them (spec 4.4b). */
  async countries() {
    return (await call(this.transport, (await referenceRows()).listCountries, {})).body.data
  }

  /** Settlement currencies and payout assets per payment method (spec 4.4b). */
  async paymentMethodTypes() {
    return (await call(this.transport, (await referenceRows()).listPaymentMethodTypes, {})).body.data
  }
}
