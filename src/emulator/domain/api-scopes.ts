import {Scope} from '../../contract/scopes.js'

export {Scope} from '../../contract/scopes.js'

/** What a team API key gets by default: everything but `payouts:approve`. */
export const DEFAULT_SCOPES: readonly string[] = [
  Scope.teamRead,
  Scope.teamManage,
  Scope.payoutsRead,
  Scope.payoutsWrite,
  Scope.counterpartiesRead,
  Scope.counterpartiesWrite,
  Scope.transactionsRead,
  Scope.sessionsWrite,
  Scope.webhooksWrite,
]

/** Every API scope, including `payouts:approve` (keys of teams holding `payout.api_approve`). */
export const FULL_SCOPES: readonly string[] = [...DEFAULT_SCOPES, Scope.payoutsApprove]
