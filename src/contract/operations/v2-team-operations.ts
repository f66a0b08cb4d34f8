import {group} from '../operation-types.js'
import {listOf} from '../responses/answer-fields.js'
import {accountSchema, teamV2Schema} from '../responses/team-answers.js'
import {Scope} from '../scopes.js'

/** The v2 team, its accounts and the sandbox deposit. */

export const accountList = listOf(accountSchema)

export const v2TeamOperations = group({tag: 'v2 team', read: [Scope.teamRead]}, [
  {
    operationId: 'getTeamV2',
    method: 'get',
    path: '/api/v2/team',
    summary: 'The team (`team_` + UUID).',
    decision: 'The whole operation.',
    success: {status: 200, description: 'The team.', schema: teamV2Schema},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'listAccounts',
    method: 'get',
    path: '/api/v2/accounts',
    summary: "The team's accounts: balance, allowance, deposit instructions.",
    decision: 'The whole operation.',
    success: {status: 200, description: 'The accounts.', schema: accountList},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'createSandboxDeposit',
    method: 'post',
    path: '/api/v2/team/sandbox-deposit',
    summary: 'Sandbox only: add an amount to an account as a bank deposit would.',
    body: {schemas: ['sandboxDepositBody']},
    idempotent: true,
    success: {status: 200, description: 'The account.', schema: accountSchema},
    errors: ['SANDBOX_ONLY', 'VERIFICATION_REQUIRED', 'NOT_FOUND'],
  },
])
