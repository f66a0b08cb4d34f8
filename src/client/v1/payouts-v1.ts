import * as z from 'zod/mini'
import type {CreatePayoutV1} from '../../contract/requests/index.js'
import {paginateOffset} from '../pagination.js'
import {parseResponse} from '../parse.js'
import {path} from '../path.js'
import {type PayoutV1, payoutV1Schema} from '../schemas.js'
import type {Transport} from '../transport.js'

export type {CreatePayoutV1} from '../../contract/requests/index.js'

export type IdType = 'id' | 'custom_id'

export interface ListPayoutsV1 {
  offset?: number
  limit?: number
  orderDirection?: 'asc' | 'desc'
}

const BASE = '/api/v1'

export class PayoutsV1 {
  constructor(private readonly transport: Transport) {}

  /** Upsert on `customId`: only then is it safe to retry. */
  async create(body: CreatePayoutV1): Promise<PayoutV1> {
    const res = await this.transport.request({
      method: 'POST',
      path: `${BASE}/payout`,
      body,
      retryable: Boolean(body.customId),
    })
    return parseResponse(payoutV1Schema, res.body, 'payout', res.requestId)
  }

  async get(id: string, idType: IdType = 'id'): Promise<PayoutV1> {
    const res = await this.transport.request({
      method: 'GET',
      path: `${BASE}${path`/payout/${id}`}`,
      query: {id_type: idType === 'id' ? undefined : idType},
    })
    return parseResponse(payoutV1Schema, res.body, 'payout', res.requestId)
  }

  async delete(id: string, idType: IdType = 'id'): Promise<PayoutV1> {
    const res = await this.transport.request({
      method: 'DELETE',
      path: `${BASE}${path`/payout/${id}`}`,
      query: {id_type: idType === 'id' ? undefined : idType},
    })
    return parseResponse(payoutV1Schema, res.body, 'payout', res.requestId)
  }

  async list(options: ListPayoutsV1 = {}): Promise<PayoutV1[]> {
    const res = await this.transport.request({
      method: 'GET',
      path: `${BASE}/payouts`,
      query: {
        offset: options.offset,
        limit: options.limit,
        order_by: 'created_at',
        order_direction: options.orderDirection,
      },
    })
    return parseResponse(z.array(payoutV1Schema), res.body, 'payout list', res.requestId)
  }

  /** Pages lazily through the list; `limit` bounds the total. */
  pages(options: {offset?: number; limit?: number; pageSize?: number; orderDirection?: 'asc' | 'desc'} = {}) {
    return paginateOffset(
      (offset, pageSize) => this.list({offset, limit: pageSize, orderDirection: options.orderDirection}),
      options,
    )
  }
}
