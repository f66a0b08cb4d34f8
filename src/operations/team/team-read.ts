import {operation} from '../operation.js'

/** `team get`: the v1 team record (summary, members, balances, deposit instructions). */
export const teamGet = operation({
  id: 'team:get',
  summary: 'Show the team: summary, members, balances and deposit instructions.',
  result: 'team',
  inputs: {},
  async run(_, context) {
    return {value: await (await context.session.client()).v1.team.get()}
  },
})

/** `team accounts`: the balances and the allowance left, per currency. */
export const teamAccounts = operation({
  id: 'team:accounts',
  summary: 'Show balances per currency (total, reserved, available, allowance) and deposit instructions.',
  result: 'accounts',
  inputs: {},
  async run(_, context) {
    return {value: await (await context.session.client()).v2.team.accounts()}
  },
})
