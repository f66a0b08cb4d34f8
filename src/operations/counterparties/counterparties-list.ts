import {allInput, cursorInput, limitInput} from '../inputs/common-inputs.js'
import {operation} from '../operation.js'

/** `counterparties list`: one page, or every page, read as it is written. */
export const counterpartiesList = operation({
  id: 'counterparties:list',
  summary: 'List counterparties, newest first.',
  result: 'counterpartyList',
  inputs: {limit: limitInput(50), all: allInput, cursor: cursorInput},
  async run(input, context) {
    const [client, {cursorItems}] = await Promise.all([context.session.client(), import('../lists/cursor-items.js')])
    return cursorItems({
      report: context.report,
      all: input.all,
      cursor: input.cursor,
      pages: position => client.v2.counterparties.pages({...position, limit: input.all ? undefined : input.limit}),
      empty: 'No counterparties.',
      command: 'counterparties list',
    })
  },
})
