import {insufficientScope} from './api-failure.js'

/** The authenticated caller of an API route: a team and the scopes its credentials carry. */
export interface Principal {
  teamId: string
  scopes: ReadonlySet<string>
  kind: 'api_key' | 'oauth'
  /** The API key itself, or the access token's id. */
  credentialId: string
  /** OAuth only: the client acting for the team (platform branding of hosted sessions). */
  clientId?: string
  /** A team member acting on a hosted page (not automated: the daily allowance does not apply). */
  member?: string
}

/** Throws 403 INSUFFICIENT_SCOPE naming the first scope the caller lacks. */
export function requireScopes(principal: Principal, ...scopes: string[]): void {
  for (const scope of scopes) if (!principal.scopes.has(scope)) throw insufficientScope(scope)
}

export const hasScope = (principal: Principal, scope: string) => principal.scopes.has(scope)
