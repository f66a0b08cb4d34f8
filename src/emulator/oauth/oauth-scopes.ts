import {OFFLINE_ACCESS} from '../../contract/scopes.js'
import {DEFAULT_SCOPES, FULL_SCOPES, Scope} from '../domain/api-scopes.js'

/** Scopes of the authorization server: the API scopes plus `offline_access` (a refresh token). */

export {OFFLINE_ACCESS} from '../../contract/scopes.js'

export const OAUTH_SCOPES: readonly string[] = [...FULL_SCOPES, OFFLINE_ACCESS]

/** What a dynamically registered client may ask for: never `payouts:approve` (spec 5.3). */
export const DYNAMIC_CLIENT_SCOPES: readonly string[] = OAUTH_SCOPES.filter(s => s !== Scope.payoutsApprove)

/** Granted when an authorization request has no `scope`: the default key scopes (no refresh token). */
export const DEFAULT_REQUEST_SCOPES: readonly string[] = DEFAULT_SCOPES

/** Human descriptions for the consent page. */
export const SCOPE_TEXT: Record<string, string> = {
  'team:read': 'Read the team record: balances, members and deposit instructions',
  'team:manage': 'Change team settings (DAC7 reporting)',
  'payouts:read': 'Read payouts',
  'payouts:write': 'Create, change and delete payouts (they stay pending until approved)',
  'payouts:approve': 'Approve and pay payouts: this moves money',
  'counterparties:read': 'Read counterparties',
  'counterparties:write': 'Create, change and delete counterparties',
  'transactions:read': 'Read account transactions',
  'sessions:write': 'Create hosted-session links (claim, approval, KYB, allowance)',
  'webhooks:write': 'Manage webhook subscriptions',
  offline_access: 'Stay signed in (a refresh token, valid 30 days from its last use)',
}

export const parseScope = (value: string | null | undefined) => (value ?? '').split(' ').filter(Boolean)

/** The problem with a requested scope list for a client that may be granted `allowed`, if any. */
export function scopeProblem(requested: readonly string[], allowed: readonly string[], dynamic: boolean) {
  const unknown = requested.filter(s => !OAUTH_SCOPES.includes(s))
  if (unknown.length) return `unknown scope ${unknown.join(', ')}`
  const refused = requested.filter(s => !allowed.includes(s))
  if (refused.includes(Scope.payoutsApprove) && dynamic)
    return 'payouts:approve is never granted to dynamically registered clients; use a client created by an administrator'
  if (refused.length) return `the client may not be granted ${refused.join(', ')}`
  return undefined
}
