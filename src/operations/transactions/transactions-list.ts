import {transactionListInputs} from '../inputs/transaction-list-inputs.js'
import {operation} from '../operation.js'

/** `transactions list`: the API's filters, one page or every page; --since-state lists what is new since the last run. */
export const transactionsList = operation({
  id: 'transactions:list',
  summary: "List every movement on the team's accounts, newest first.",
  result: 'transactions',
  inputs: transactionListInputs,
  async run(input, context) {
    const {transactionFilters} = await import('../../services/transactions/filters.js')
    const filters = transactionFilters(input)
    const client = await context.session.client()
    if (input['since-state']) {
      const [{transactionsSince}, {unattendedRun}] = await Promise.all([
        import('../since-state/unattended-lists.js'),
        import('../payouts/payouts-list.js'),
      ])
      return transactionsSince(await unattendedRun(context, input['since-state']), filters)
    }
    const {cursorItems} = await import('../lists/cursor-items.js')
    return cursorItems({
      report: context.report,
      all: input.all,
      cursor: input.cursor,
      pages: position =>
        client.v2.transactions.pages({...filters, ...position, limit: input.all ? undefined : input.limit}),
      empty: 'No transactions.',
      command: 'transactions list',
    })
  },
})
