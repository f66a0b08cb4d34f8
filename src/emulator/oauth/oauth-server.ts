import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'
import type {Authentication} from '../domain/authentication.js'
import type {Clock} from '../domain/clock.js'
import {SEEDED} from '../domain/seed.js'
import type {Store} from '../store/index.js'
import {AuthorizationFlow} from './authorization-flow.js'
import {Grants} from './grants.js'
import {jwtAuthenticator} from './jwt-authenticator.js'
import {createClient} from './oauth-clients.js'
import {OAUTH_SCOPES} from './oauth-scopes.js'
import {OAuthStore} from './oauth-store.js'
import {SigningKeys} from './signing-keys.js'

/**
 * The emulator's OAuth 2.1 authorization server (DESIGN.md "OAuth (emulator)", spec 5.4): discovery,
 * dynamic registration, authorize with sign-in and consent pages, token (code + PKCE, rotating refresh
 * tokens), revocation, JWKS; and the authenticator that lets its access tokens call the API.
 */
export class OAuthServer {
  readonly store: OAuthStore
  readonly keys: SigningKeys
  readonly grants: Grants
  readonly flow: AuthorizationFlow

  constructor(
    private readonly apiStore: Store,
    private readonly clock: Clock,
    authentication: Authentication,
    options: {autoConsent: boolean},
  ) {
    this.store = new OAuthStore(apiStore.db)
    this.keys = new SigningKeys(this.store, () => clock.nowMs())
    this.grants = new Grants(this.store, this.keys, clock)
    this.flow = new AuthorizationFlow(apiStore, clock, this.store, this.grants, options.autoConsent)
    authentication.addAuthenticator(jwtAuthenticator(this.store, this.keys, clock))
  }

  /** The name of the team that operates a client (`branding: platform` on hosted pages). */
  platformName(clientId: string): string | undefined {
    const teamId = this.store.clients.get(clientId)?.team_id
    return teamId ? this.apiStore.teams.team(teamId)?.name : undefined
  }

  /** The team that operates a client; undefined for an anonymous (dynamically registered) one. */
  platformTeamId(clientId: string): string | undefined {
    return this.store.clients.get(clientId)?.team_id ?? undefined
  }

  /** Seeds the platform client into a database seeded before it existed. */
  ensureSeeded(): void {
    if (!this.store.clients.get(LOCAL_EMULATOR.oauthClientId) && this.apiStore.teams.team(SEEDED.mainTeamId))
      this.seed(SEEDED.mainTeamId)
  }

  /** The seeded platform client: public, loopback redirect on any port, every scope, the main team's. */
  seed(mainTeamId: string): void {
    createClient(this.store, {
      id: LOCAL_EMULATOR.oauthClientId,
      name: 'Emulator Platform',
      kind: 'admin',
      teamId: mainTeamId,
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: OAUTH_SCOPES,
      now: this.clock.nowMs(),
    })
  }
}
