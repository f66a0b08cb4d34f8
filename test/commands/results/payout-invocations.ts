import type {Invocations} from './invocation.js'

/** The commands of src/commands/payouts whose results the walk checks (results.test.ts). */
export const PAYOUT_INVOCATIONS: Invocations = {
  'payouts:update': {
    argv: async ({api}) => [(await api.v2Create({customId: 'walk-update'})).id, '--amount', '12.50'],
  },
}

/** Commands of src/commands/payouts that do not declare a result yet: the walk checks they do not. */
export const PAYOUTS_PENDING: readonly string[] = [
  'payouts:approve',
  'payouts:changes',
  'payouts:create',
  'payouts:delete',
  'payouts:get',
  'payouts:import-status',
  'payouts:import',
  'payouts:list',
  'payouts:pay',
  'payouts:send-claim-link',
  'payouts:wait',
]
