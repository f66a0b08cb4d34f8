import type {OAuthCredentials} from '../../config/credential-types.js'
import type {ApiGeneration} from '../../contract/primitives.js'
import {type AuthServerMetadata, discover} from './discovery.js'
import {LoginRefusedError} from './login-refused.js'
import {LoopbackReceiver} from './loopback.js'
import type {Trace} from './oauth-http.js'
import {createPkce, createState} from './pkce.js'
import {registerPublicClient} from './register-public-client.js'
import {exchangeCode} from './tokens.js'

/** Every scope a payctl command needs, so that no command fails after a login with the defaults. */
export const DEFAULT_SCOPES = [
  'team:read',
  'team:manage',
  'payouts:read',
  'payouts:write',
  'payouts:approve',
  'counterparties:read',
  'counterparties:write',
  'transactions:read',
  'sessions:write',
  'webhooks:write',
  'offline_access',
]

/**
 * The default scopes for a login: all of them with a client created in the dashboard (given with --client-id,
 * or the emulator's); for a dynamically registered client `payouts:approve` is left out, because such a client
 * is never granted it (spec 5.4).
 */
export const defaultScopes = (provisionedClient: boolean): string[] =>
  provisionedClient ? [...DEFAULT_SCOPES] : DEFAULT_SCOPES.filter(scope => scope !== 'payouts:approve')

export interface LoginOptions {
  origin: string
  /** The server's metadata when already discovered. */
  metadata?: AuthServerMetadata
  /** A client created in the dashboard; without one, a public client is registered dynamically. */
  clientId?: string
  clientSecret?: string
  resource: ApiGeneration
  scopes: string[]
  loginHint?: string
  teamHint?: string
  teamName?: string
  port?: number
  timeoutMs: number
  /** Called with the authorization URL as soon as it is known (printed on stderr, opened in a browser). */
  onAuthorizationUrl(url: string): Promise<void> | void
  /** For --no-browser on a TTY: resolves with the redirect URL the user pastes. */
  pasteRedirect?: () => Promise<string>
  onWarning(message: string): void
  /** --debug: the OAuth requests, secrets redacted. */
  debug?: Trace
  /** Aborted on Ctrl-C: the wait for the browser ends with the abort reason. */
  signal?: AbortSignal
}

export interface LoginResult {
  credentials: OAuthCredentials
  /** Set when a client was registered dynamically, to remember it in the profile. */
  registeredClientId?: string
}

export const resourceUrl = (origin: string, resource: ApiGeneration) => `${origin}/api/${resource}`

/** OAuth 2.1 authorization code flow with PKCE and a loopback redirect (RFC 8252). */
export async function oauthLogin(options: LoginOptions): Promise<LoginResult> {
  const metadata = options.metadata ?? (await discover(options.origin, options.debug))
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) {
    throw new LoginRefusedError('the authorization server does not support PKCE with S256')
  }
  const state = createState()
  const pkce = createPkce()
  const receiver = new LoopbackReceiver({
    state,
    issuer: metadata.issuer,
    issuerRequired: metadata.authorization_response_iss_parameter_supported === true,
    onIgnored: options.onWarning,
  })
  try {
    const redirectUri = await receiver.listen(options.port)
    let clientId = options.clientId
    let registeredClientId: string | undefined
    if (!clientId) {
      options.onWarning(
        'no --client-id: registering payctl as an anonymous public client (dynamic registration is deprecated for platform integrations and never gets payouts:approve); create a client in Settings > OAuth Clients and pass --client-id',
      )
      clientId = await registerPublicClient(metadata, [redirectUri], options.debug)
      registeredClientId = clientId
    }
    const resource = resourceUrl(options.origin, options.resource)
    const url = new URL(metadata.authorization_endpoint)
    const params: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: options.scopes.join(' '),
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: pkce.method,
      resource,
      login_hint: options.loginHint,
      team_hint: options.teamHint,
      team_name: options.teamName,
    }
    for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
    await options.onAuthorizationUrl(url.toString())
    const callback = await receiver.wait(options.timeoutMs, options.pasteRedirect?.(), options.signal)
    const credentials = await exchangeCode({
      tokenEndpoint: metadata.token_endpoint,
      origin: options.origin,
      client: {clientId, clientSecret: options.clientSecret},
      code: callback.code,
      redirectUri,
      verifier: pkce.verifier,
      resource,
      debug: options.debug,
    })
    return {
      credentials: {
        ...credentials,
        email: credentials.email ?? options.loginHint,
        tokenEndpoint: metadata.token_endpoint,
        revocationEndpoint: metadata.revocation_endpoint,
      },
      registeredClientId,
    }
  } finally {
    await receiver.close()
  }
}
