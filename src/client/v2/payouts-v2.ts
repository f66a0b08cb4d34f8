import type {AndThen, ApprovePayoutV2, CreatePayoutV2, PatchPayoutV2} from '../../contract/requests/index.js'
import {type CursorPageOptions, paginateCursor} from '../pagination.js'
import {parseResponse} from '../parse.js'
import {path} from '../path.js'
import {type DeletedV2, deletedV2Schema, listOf, type PayoutV2, payoutV2Schema} from '../schemas.js'
import type {Transport} from '../transport.js'
import {type PostOptions, postV2, V2} from './post-v2.js'

export type {AndThen, CreatePayoutV2} from '../../contract/requests/index.js'
export type {PostOptions}

/** A PATCH: omitted fields unchanged, `recipient` replaced whole. */
export type UpdatePayoutV2 = PatchPayoutV2

export interface ListPayoutsV2 {
  limit?: number
  cursor?: string
  status?: string[]
}

const payoutList = listOf(payoutV2Schema)
const BASE = V2

export class PayoutsV2 {
  constructor(private readonly transport: Transport) {}

  async create(body: CreatePayoutV2, options: PostOptions = {}): Promise<PayoutV2> {
    return (await this.submit(body, options)).payout
  }

  /** create, telling whether the service replayed its answer to an earlier call with the same idempotency key. */
  async submit(body: CreatePayoutV2, options: PostOptions = {}): Promise<{payout: PayoutV2; earlier: boolean}> {
    const res = await postV2(this.transport, '/payouts', body, options)
    const payout = parseResponse(payoutV2Schema, res.body, 'payout', res.requestId)
    return {payout, earlier: res.replayed && !res.retried}
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
    const res = await postV2(this.transport, '/payouts/batch', {items}, options)
    const payouts = parseResponse(payoutList, res.body, 'payout list', res.requestId).data
    return {payouts, earlier: res.replayed && !res.retried}
  }

  /** `id` is a `payout_…` id or a customId. */
  async get(id: string): Promise<PayoutV2> {
    const res = await this.transport.request({method: 'GET', path: `${BASE}${path`/payouts/${id}`}`})
    return parseResponse(payoutV2Schema, res.body, 'payout', res.requestId)
  }

  async list(options: ListPayoutsV2 = {}) {
    const res = await this.transport.request({
      method: 'GET',
      path: `${BASE}/payouts`,
      query: {limit: options.limit, cursor: options.cursor, status: options.status},
    })
    return parseResponse(payoutList, res.body, 'payout list', res.requestId)
  }

  pages(options: CursorPageOptions & {status?: string[]} = {}) {
    return paginateCursor((cursor, pageSize) => this.list({cursor, limit: pageSize, status: options.status}), options)
  }

  async update(id: string, patch: UpdatePayoutV2): Promise<PayoutV2> {
    const res = await this.transport.request({method: 'PATCH', path: `${BASE}${path`/payouts/${id}`}`, body: patch})
    return parseResponse(payoutV2Schema, res.body, 'payout', res.requestId)
  }

  async delete(id: string): Promise<DeletedV2> {
    const res = await this.transport.request({method: 'DELETE', path: `${BASE}${path`/payouts/${id}`}`})
    return parseResponse(deletedV2Schema, res.body, 'deleted payout', res.requestId)
  }

  async approve(id: string, body: ApprovePayoutV2 = {}, options: PostOptions = {}): Promise<PayoutV2> {
    const res = await postV2(this.transport, path`/payouts/${id}/approve`, body, options)
    return parseResponse(payoutV2Schema, res.body, 'payout', res.requestId)
  }

  async approveMany(ids: string[], body: {andThen?: AndThen} = {}, options: PostOptions = {}): Promise<PayoutV2[]> {
    const res = await postV2(this.transport, '/payouts/approve', {ids, ...body}, options)
    return parseResponse(payoutList, res.body, 'payout list', res.requestId).data
  }

  async sendClaimLink(id: string, options: PostOptions = {}): Promise<PayoutV2> {
    const res = await postV2(this.transport, path`/payouts/${id}/send-claim-link`, undefined, options)
    return parseResponse(payoutV2Schema, res.body, 'payout', res.requestId)
  }

  async sendClaimLinkMany(ids: string[], options: PostOptions = {}): Promise<PayoutV2[]> {
    const res = await postV2(this.transport, '/payouts/send-claim-link', {ids}, options)
    return parseResponse(payoutList, res.body, 'payout list', res.requestId).data
  }

  async pay(id: string, options: PostOptions = {}): Promise<PayoutV2> {
    const res = await postV2(this.transport, path`/payouts/${id}/pay`, undefined, options)
    return parseResponse(payoutV2Schema, res.body, 'payout', res.requestId)
  }

  async payMany(ids: string[], options: PostOptions = {}): Promise<PayoutV2[]> {
    const res = await postV2(this.transport, '/payouts/pay', {ids}, options)
    return parseResponse(payoutList, res.body, 'payout list', res.requestId).data
  }
}
