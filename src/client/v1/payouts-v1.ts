import type {CreatePayoutV1} from '../../contract/requests/index.js'
import {call} from '../call.js'
import {paginateOffset} from '../pagination.js'
import type {PayoutV1} from '../schemas.js'
import type {Transport} from '../transport.js'

export type {CreatePayoutV1} from '../../contract/requests/index.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const rows = async () => (await import('../../contract/operations/v1-payout-operations.js')).v1PayoutOperations

export type IdType = 'id' | 'custom_id'

export interface ListPayoutsV1 {
  offset?: number
  limit?: number
  orderDirection?: 'asc' | 'desc'
}

const idTypeQuery = (idType: IdType) => ({id_type: idType === 'id' ? undefined : idType})

export class PayoutsV1 {
  constructor(private readonly transport: Transport) {}

  /** Upsert on `customId`: only then is it safe to retry. */
  async create(body: CreatePayoutV1): Promise<PayoutV1> {
    const res = await call(this.transport, (await rows()).createOrUpdatePayoutV1, {
      body,
      retryable: Boolean(body.customId),
    })
    return res.body
  }

  async get(id: string, idType: IdType = 'id'): Promise<PayoutV1> {
    return (await call(this.transport, (await rows()).getPayoutV1, {params: {id}, query: idTypeQuery(idType)})).body
  }

  async delete(id: string, idType: IdType = 'id'): Promise<PayoutV1> {
    return (await call(this.transport, (await rows()).deletePayoutV1, {params: {id}, query: idTypeQuery(idType)})).body
  }

  async list(options: ListPayoutsV1 = {}): Promise<PayoutV1[]> {
    const query = {
      offset: options.offset,
      limit: options.limit,
      order_by: 'created_at',
      order_direction: options.orderDirection,
    }
    return (await call(this.transport, (await rows()).listPayoutsV1, {query})).body
  }

  /** Pages lazily through the list; `limit` bounds the total. */
  pages(options: {offset?: number; limit?: number; pageSize?: number; orderDirection?: 'asc' | 'desc'} = {}) {
    return paginateOffset(
      (offset, pageSize) => this.list({offset, limit: pageSize, orderDirection: options.orderDirection}),
      options,
    )
  }
}
