/**
 * Scopes (spec 5.3 and 5.4). The spec names no webhook scope; the emulator calls it `webhooks:write` and
 * it covers `POST`, `GET` and `DELETE /api/v1/webhook` (docs/emulator.md).
 */
export const Scope = {
  teamRead: 'team:read',
  teamManage: 'team:manage',
  payoutsRead: 'payouts:read',
  payoutsWrite: 'payouts:write',
  payoutsApprove: 'payouts:approve',
  counterpartiesRead: 'counterparties:read',
  counterpartiesWrite: 'counterparties:write',
  transactionsRead: 'transactions:read',
  sessionsWrite: 'sessions:write',
  webhooksWrite: 'webhooks:write',
} as const

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
