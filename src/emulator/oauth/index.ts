import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'
import type {EmulatorApp} from '../app.js'
import {usePlatformBrands} from '../hosted/branding.js'
import {SEEDED} from '../seed.js'
import {jwtAuthenticator} from './authenticator.js'
import {createClient} from './clients.js'
import {AuthorizationFlow} from './flow.js'
import {Grants} from './grants.js'
import {SigningKeys} from './jwt.js'
import {OAUTH_SCOPES} from './scopes.js'
import {OAuthStore} from './store.js'

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
    readonly app: EmulatorApp,
    readonly options: {autoConsent: boolean},
  ) {
    this.store = new OAuthStore(app.store.db)
    this.keys = new SigningKeys(this.store, () => app.clock.nowMs())
    this.grants = new Grants(this.store, this.keys, app.clock)
    this.flow = new AuthorizationFlow(app, this.store, this.grants, options.autoConsent)
    app.auth.addAuthenticator(jwtAuthenticator(this.store, this.keys, app.clock))
    // `branding: platform` on hosted pages shows the team that operates the calling OAuth client.
    usePlatformBrands(app, clientId => {
      const teamId = this.store.client(clientId)?.team_id
      return teamId ? app.store.teams.team(teamId)?.name : undefined
    })
  }

  /** Seeds the platform client into a database seeded before it existed. */
  ensureSeeded(): void {
    if (!this.store.client(LOCAL_EMULATOR.oauthClientId) && this.app.store.teams.team(SEEDED.mainTeamId))
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
      now: this.app.clock.nowMs(),
    })
  }
}
