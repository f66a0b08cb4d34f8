import {holdSecrets} from '../../client/redact.js'
import type {AuthProvider} from '../../client/transport.js'
import type {OAuthCredentials} from '../../config/credential-types.js'
import {CredentialStore} from '../../config/credentials.js'
import {authError} from '../../shared/errors.js'
import {messageOf} from '../../shared/thrown.js'
import {discover} from './discovery.js'
import type {Trace} from './oauth-http.js'
import {refreshTokens} from './tokens.js'

const REFRESH_MARGIN_MS = 60_000

export const needsRefresh = (credentials: OAuthCredentials, now = Date.now()) =>
  Boolean(credentials.expiresAt && Date.parse(credentials.expiresAt) - now < REFRESH_MARGIN_MS)

/**
 * Bearer auth from an OAuth login: refreshes within a minute of expiry or after a 401, once. The refresh runs
 * inside the credentials lock: a second payctl process that waited for the lock finds the rotated tokens and
 * adopts them instead of spending the (already rotated) refresh token again.
 */
export class OAuthProvider implements AuthProvider {
  private current: OAuthCredentials

  constructor(
    private readonly options: {
      profile: string
      origin: string
      configDir: string
      credentials: OAuthCredentials
      debug?: Trace
    },
  ) {
    this.current = options.credentials
  }

  async authorization(): Promise<string> {
    if (needsRefresh(this.current)) await this.refreshOrFail()
    return `Bearer ${this.current.accessToken}`
  }

  async refresh(): Promise<boolean> {
    await this.refreshOrFail()
    return true
  }

  secrets(): Array<string | undefined> {
    return [this.current.accessToken, this.current.refreshToken, this.current.clientSecret]
  }

  /** The tokens in force (after any refresh). */
  get credentials(): OAuthCredentials {
    return this.current
  }

  /** The tokens replaced stay scrubbed for the rest of the run (src/client/redact.ts), as the new ones are. */
  private async refreshOrFail(): Promise<void> {
    holdSecrets(this.secrets())
    const used = this.current.accessToken
    const store = new CredentialStore(this.options.configDir)
    try {
      const next = await store.update(this.options.profile, async stored => {
        const latest = stored.oauth
        if (!latest) throw new Error('the login was removed')
        if (latest.accessToken !== used && !needsRefresh(latest)) return stored
        if (!latest.refreshToken) throw new Error('the login has no refresh token (log in with offline_access)')
        const {origin, debug} = this.options
        const tokenEndpoint = latest.tokenEndpoint ?? (await discover(origin, debug)).token_endpoint
        const refreshed = await refreshTokens({tokenEndpoint, origin, current: latest, debug})
        return {...stored, oauth: {...refreshed, tokenEndpoint, revocationEndpoint: latest.revocationEndpoint}}
      })
      if (!next?.oauth) throw new Error('the login was removed')
      this.current = next.oauth
      holdSecrets(this.secrets())
    } catch (error) {
      throw authError(`cannot refresh the login of profile "${this.options.profile}": ${messageOf(error)}`, [
        `run "payctl auth login --profile ${this.options.profile}"`,
      ])
    }
  }
}
