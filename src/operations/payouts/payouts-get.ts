import {apiInput, idsInputs} from '../inputs/common-inputs.js'
import {itemsAnswer, operation} from '../operation.js'

/** Whether the ids name one payout shown as such, or a list (several ids, an ids file, or ids from stdin). */
export const asksForOne = (count: number, input: {'ids-file'?: string; id?: string[]}) =>
  !(count > 1 || input['ids-file'] !== undefined || input.id?.includes('-'))

/** `payouts get`: one payout, or several, by id or customId; v2 by default, each with where its money goes. */
export const payoutsGet = operation({
  id: 'payouts:get',
  summary: 'Show one payout, or several.',
  result: 'payoutOrPayouts',
  inputs: {...idsInputs, api: apiInput('v2')},
  async run(input, context) {
    const [{payoutKeysOf}, {readEach}, client] = await Promise.all([
      import('./payout-keys.js'),
      import('./read-each.js'),
      context.session.client(),
    ])
    const keys = await payoutKeysOf(input)
    const single = asksForOne(keys.length, input)
    if (input.api === 'v1') {
      const {withPayoutId} = await import('./payout-display-id.js')
      const payouts = await readEach(keys, async key =>
        withPayoutId(
          await (key.kind === 'id' ? client.v1.payouts.get(key.v1) : client.v1.payouts.get(key.customId, 'custom_id')),
        ),
      )
      return {api: 'v1' as const, ...itemsAnswer(payouts, single)}
    }
    const [{getV2NamingDeleted}, {payoutDestinations}] = await Promise.all([
      import('../../services/payouts/deleted-payout.js'),
      import('./payout-destinations.js'),
    ])
    const payouts = await readEach(keys, key => getV2NamingDeleted(client, key))
    const destinations = await payoutDestinations(context, client, payouts)
    return {api: 'v2' as const, ...itemsAnswer(payouts, single), destinations}
  },
})
