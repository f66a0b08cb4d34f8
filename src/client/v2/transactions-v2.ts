import {call} from '../call.js'
import {type CursorPageOptions, paginateCursor} from '../pagination.js'
import type {Transport} from '../transport.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const rows = async () =>
  (await import('../../contract/operations/v2-transaction-operations.js')).v2TransactionOperations

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

export class TransactionsV2 {
  constructor(private readonly transport: Transport) {}

  async list(filters: TransactionFilters & {limit?: number; cursor?: string} = {}) {
    return (await call(this.transport, (await rows()).listTransactions, {query: {...filters}})).body
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
