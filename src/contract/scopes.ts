/**
 * The API scopes (spec 5.3 and 5.4). The spec names no webhook scope; payctl calls it `webhooks:write` and it
 * covers `POST`, `GET` and `DELETE /api/v1/webhook` (docs/emulator.md).
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

export type ApiScope = (typeof Scope)[keyof typeof Scope]

/** Every API scope (`offline_access` is OAuth's, not the API's). */
export const API_SCOPES: readonly ApiScope[] = Object.values(Scope)

/** The OAuth scope that asks for a refresh token (RFC 6749 section 6); not an API scope. */
export const OFFLINE_ACCESS = 'offline_access'
