import {clientRead} from '../operation.js'

/** `team get`: the v1 team record (summary, members, balances, deposit instructions). */
export const teamGet = clientRead({
  id: 'team:get',
  summary: 'Show the team: summary, members, balances and deposit instructions.',
  result: 'team',
  read: client => client.v1.team.get(),
})

/** `team accounts`: the balances and the allowance left, per currency. */
export const teamAccounts = clientRead({
  id: 'team:accounts',
  summary: 'Show balances per currency (total, reserved, available, allowance) and deposit instructions.',
  result: 'accounts',
  read: client => client.v2.team.accounts(),
})
