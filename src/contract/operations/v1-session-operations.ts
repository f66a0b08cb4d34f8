import {group, type RequestSchemaName} from '../operation-types.js'
import {sessionUrlSchema} from '../responses/session-answers.js'
import {Scope} from '../scopes.js'

/** The hosted screens' URLs (spec 3): claim, approval, KYB and allowance. */

const sessionUrl = {
  status: 200,
  description: 'A fresh, opaque URL of the hosted screen.',
  schema: sessionUrlSchema,
} as const

const session = <const Id extends string, const Kind extends string, const N extends RequestSchemaName>(
  operationId: Id,
  kind: Kind,
  summary: string,
  schema: N,
) =>
  ({
    operationId,
    method: 'post',
    path: `/api/v1/session/${kind}`,
    summary,
    body: {schemas: [schema]},
    success: sessionUrl,
  }) as const

export const v1SessionOperations = group({tag: 'v1 sessions', write: [Scope.sessionsWrite]}, [
  session('createPayoutSession', 'payout', 'A claim screen for the payout recipient.', 'payoutSessionBody'),
  session('createApprovalSession', 'approval', 'An approval screen for a member of the team.', 'approvalSessionBody'),
  session(
    'createKybSession',
    'kyb',
    'A business verification (KYB) screen for a member of the team.',
    'kybSessionBody',
  ),
  session(
    'createAllowanceSession',
    'allowance',
    "The team owner's daily spending allowance screen.",
    'allowanceSessionBody',
  ),
])
