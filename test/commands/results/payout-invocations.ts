import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {FULL} from '../../emulator/helpers.js'
import type {EmulatorFixture} from '../../helpers/emulator.js'
import {runCommand} from '../../helpers/run-command.js'
import type {Invocations} from './invocation.js'

/** A two-row import file in the test's home: customIds walk-row-1 and walk-row-2. */
const importFile = ({home}: EmulatorFixture): string => {
  const file = join(home.dir, 'walk.csv')
  writeFileSync(
    file,
    'customId,description,amount,currency,recipientEmail\n' +
      'walk-row-1,Walk one,12.00,EUR,one@example.com\nwalk-row-2,Walk two,8.50,EUR,two@example.com\n',
  )
  return file
}

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
  'payouts:list': {
    argv: async ({api}) => {
      await api.v2Create({customId: 'walk-list'})
      return ['--limit', '5']
    },
  },
  'payouts:changes': {
    // A baseline first, then a status change for the walked run to list (with its previousStatus).
    argv: async ctx => {
      const argv = ['--since-state', join(ctx.home.dir, 'changes.state')]
      const payout = await ctx.api.v2Create({customId: 'walk-changes'})
      const env = {...ctx.env, PAYCTL_API_KEY: FULL}
      const baseline = await runCommand(['payouts', 'changes', ...argv], {env})
      if (baseline.code !== 0) throw new Error(baseline.stderr)
      await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
      return argv
    },
  },
  'payouts:import': {argv: ctx => [importFile(ctx)]},
  'payouts:import-status': {
    argv: async ctx => {
      for (const customId of ['walk-row-1', 'walk-row-2']) await ctx.api.v2Create({customId})
      return [importFile(ctx)]
    },
  },
}
