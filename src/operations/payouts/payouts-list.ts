import {payoutListApi, payoutListInputs, statusesOf} from '../inputs/payout-list-inputs.js'
import {operation} from '../operation.js'
import type {OperationContext} from '../operation-context.js'
import type {ListedPayouts} from './list-payouts.js'

/** What an unattended (`--since-state FILE`) run needs: who reports, the client, the profile, the file. */
export async function unattendedRun(context: OperationContext, path: string) {
  const [{name, origin}, client] = await Promise.all([context.session.profile(), context.session.client()])
  return {report: context.report, client, profile: {name, origin}, path}
}

/**
 * `payouts list`: v1 pages by offset, v2 by cursor and status, with client-side filters; --since-state lists what
 * is new or changed since the last run. Every page is read as it is written.
 */
export const payoutsList = operation({
  id: 'payouts:list',
  summary: 'List payouts, newest first.',
  result: 'payoutList',
  inputs: payoutListInputs,
  async run(input, context): Promise<ListedPayouts> {
    const api = payoutListApi(input)
    const {payoutFilter} = await import('../../services/payouts/payout-filters.js')
    const filter = payoutFilter(input)
    const client = await context.session.client()
    if (input['since-state']) {
      const {payoutsSince} = await import('../since-state/unattended-lists.js')
      const run = await unattendedRun(context, input['since-state'])
      return {...payoutsSince(run, statusesOf(input.status), filter), api: 'v2'}
    }
    const {listPayoutsV1, listPayoutsV2} = await import('./list-payouts.js')
    const options = {...input, report: context.report, client, limit: input.all ? undefined : input.limit, filter}
    return api === 'v2' ? {...listPayoutsV2(options), api} : {...listPayoutsV1(options), api}
  },
})
