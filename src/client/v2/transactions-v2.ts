import {type CursorPageOptions, paginateCursor} from '../pagination.js'
import {parseResponse} from '../parse.js'
import {listOf, transactionSchema} from '../schemas.js'
import type {Transport} from '../transport.js'
import {V2} from './post-v2.js'

export interface TransactionFilters {
  type?: string[]
  status?: string[]
  currency?: string[]
  /** A payout id or customId. */
  payoutId?: string
  /** ISO date-time, inclusive. */
  createdFrom?: string
  /** ISO date-time, exclusive. */
  createdBefore?: string
}

const transactionList = listOf(transactionSchema)

export class TransactionsV2 {
  constructor(private readonly transport: Transport) {}

  async list(filters: TransactionFilters & {limit?: number; cursor?: string} = {}) {
    const res = await this.transport.request({method: 'GET', path: `${V2}/transactions`, query: {...filters}})
    return parseResponse(transactionList, res.body, 'transaction list', res.requestId)
  }

  pages(filters: TransactionFilters & CursorPageOptions = {}) {
    const {limit, pageSize, cursor, onPage, ...query} = filters
    return paginateCursor((next, size) => this.list({...query, cursor: next, limit: size}), {
      limit,
      pageSize,
      cursor,
      onPage,
    })
  }
}
