import type {BodyOf, Operation} from '../../contract/operation-types.js'
import type {AndThen, ApprovePayoutV2, CreatePayoutV2, PatchPayoutV2} from '../../contract/requests/index.js'
import {type CallOptions, call} from '../call.js'
import {type CursorPageOptions, paginateCursor} from '../pagination.js'
import type {DeletedV2, PayoutV2} from '../schemas.js'
import type {Transport} from '../transport.js'

export type {AndThen, CreatePayoutV2} from '../../contract/requests/index.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const rows = async () => (await import('../../contract/operations/v2-payout-operations.js')).v2PayoutOperations

/** Options of every v2 POST: one idempotency key per logical call, reused across the client's retries. */
export type PostOptions = Pick<CallOptions, 'idempotencyKey'>

/** A PATCH: omitted fields unchanged, `recipient` replaced whole. */
export type UpdatePayoutV2 = PatchPayoutV2

export interface ListPayoutsV2 {
  limit?: number
  cursor?: string
  status?: string[]
}

/**
 * A body as callers build it (recipient and counterpartyId optional side by side) as the row's `oneOf` types it;
 * the contract's schema still refuses both or neither.
 */
const asRowBody = <O extends Operation>(_operation: O, body: unknown) => body as BodyOf<O>

export class PayoutsV2 {
  constructor(private readonly transport: Transport) {}

  async create(body: CreatePayoutV2, options: PostOptions = {}): Promise<PayoutV2> {
    return (await this.submit(body, options)).payout
  }

  /** create, telling whether the service replayed its answer to an earlier call with the same idempotency key. */
  async submit(body: CreatePayoutV2, options: PostOptions = {}): Promise<{payout: PayoutV2; earlier: boolean}> {
    const {createPayoutV2} = await rows()
    const res = await call(this.transport, createPayoutV2, {
      body: asRowBody(createPayoutV2, body),
      ...options,
    })
    return {payout: res.body, earlier: res.replayed && !res.retried}
  }

  /** All-or-nothing: one failing item fails the request with `error.index`. */
  async createBatch(items: CreatePayoutV2[], options: PostOptions = {}): Promise<PayoutV2[]> {
    return (await this.submitBatch(items, options)).payouts
  }

  /**
   * createBatch, telling whether the service replayed the answer to an earlier call with the same idempotency
   * key (`earlier`: a replay that did not answer a retry of this very call).
   */
  async submitBatch(
    items: CreatePayoutV2[],
    options: PostOptions = {},
  ): Promise<{payouts: PayoutV2[]; earlier: boolean}> {
    const {createPayoutsV2Batch} = await rows()
    const res = await call(this.transport, createPayoutsV2Batch, {
      body: asRowBody(createPayoutsV2Batch, {items}),
      ...options,
    })
    return {payouts: res.body.data, earlier: res.replayed && !res.retried}
  }

  /** `id` is a `payout_…` id or a customId. */
  async get(id: string): Promise<PayoutV2> {
    return (await call(this.transport, (await rows()).getPayoutV2, {params: {id}})).body
  }

  async list(options: ListPayoutsV2 = {}) {
    const {limit, cursor, status} = options
    return (await call(this.transport, (await rows()).listPayoutsV2, {query: {limit, cursor, status}})).body
  }

  pages(options: CursorPageOptions & {status?: string[]} = {}) {
    return paginateCursor((cursor, pageSize) => this.list({cursor, limit: pageSize, status: options.status}), options)
  }

  async update(id: string, patch: UpdatePayoutV2): Promise<PayoutV2> {
    const {updatePayoutV2} = await rows()
    return (await call(this.transport, updatePayoutV2, {params: {id}, body: asRowBody(updatePayoutV2, patch)})).body
  }

  async delete(id: string): Promise<DeletedV2> {
    return (await call(this.transport, (await rows()).deletePayoutV2, {params: {id}})).body
  }

  async approve(id: string, body: ApprovePayoutV2 = {}, options: PostOptions = {}): Promise<PayoutV2> {
    return (await call(this.transport, (await rows()).approvePayoutV2, {params: {id}, body, ...options})).body
  }

  async approveMany(ids: string[], body: {andThen?: AndThen} = {}, options: PostOptions = {}): Promise<PayoutV2[]> {
    return (await call(this.transport, (await rows()).approvePayoutsV2, {body: {ids, ...body}, ...options})).body.data
  }

  async sendClaimLink(id: string, options: PostOptions = {}): Promise<PayoutV2> {
    return (await call(this.transport, (await rows()).sendClaimLinkV2, {params: {id}, ...options})).body
  }

  async sendClaimLinkMany(ids: string[], options: PostOptions = {}): Promise<PayoutV2[]> {
    return (await call(this.transport, (await rows()).sendClaimLinksV2, {body: {ids}, ...options})).body.data
  }

  async pay(id: string, options: PostOptions = {}): Promise<PayoutV2> {
    return (await call(this.transport, (await rows()).payPayoutV2, {params: {id}, ...options})).body
  }

  async payMany(ids: string[], options: PostOptions = {}): Promise<PayoutV2[]> {
    return (await call(this.transport, (await rows()).payPayoutsV2, {body: {ids}, ...options})).body.data
  }
}
