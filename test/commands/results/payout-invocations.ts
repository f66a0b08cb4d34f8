import type {EmulatorFixture} from '../../helpers/emulator.js'
import type {Invocations} from './invocation.js'

/** A counterparty payout, approved through the API (ready to pay, or final for --until approved). */
const approvedPayout = async ({api}: EmulatorFixture, customId: string): Promise<string> => {
  const payout = await api.v2Create({customId, recipient: undefined, counterpartyId: (await api.counterparty()).id})
  const approved = await api.post(`/api/v2/payouts/${payout.id}/approve`)
  if (approved.status !== 200) throw new Error(approved.text)
  return payout.id
}

/** The commands of src/commands/payouts whose results the walk checks (results.test.ts). */
export const PAYOUT_INVOCATIONS: Invocations = {
  'payouts:update': {
    argv: async ({api}) => [(await api.v2Create({customId: 'walk-update'})).id, '--amount', '12.50'],
  },
  'payouts:create': {
    argv: () => ['--amount', '10.00', '--currency', 'EUR', '--description', 'Walk', '--email', 'walk@example.com'],
  },
  'payouts:get': {
    argv: async ({api}) => [(await api.v2Create({customId: 'walk-get'})).id, (await api.v1Create()).id],
  },
  'payouts:delete': {argv: async ({api}) => [(await api.v2Create({customId: 'walk-delete'})).id]},
  'payouts:approve': {
    argv: async ({api}) => {
      await api.v2Create({customId: 'walk-approve-2'})
      return [(await api.v2Create({customId: 'walk-approve-1'})).id, '--custom-id', 'walk-approve-2']
    },
  },
  'payouts:pay': {argv: async ctx => [await approvedPayout(ctx, 'walk-pay')]},
  'payouts:send-claim-link': {argv: async ({api}) => [(await api.v2Create({customId: 'walk-link'})).id]},
  'payouts:wait': {
    argv: async ctx => [await approvedPayout(ctx, 'walk-wait'), '--until', 'approved', '--timeout', '10s'],
  },
}

/** Commands of src/commands/payouts that do not declare a result yet: the walk checks they do not. */
export const PAYOUTS_PENDING: readonly string[] = [
  'payouts:changes',
  'payouts:import-status',
  'payouts:import',
  'payouts:list',
]
