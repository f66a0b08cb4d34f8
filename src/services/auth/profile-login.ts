import {ApiError, isTransient} from '../../client/api-errors.js'
import {ConfigStore} from '../../config/config-store.js'
import {CredentialStore} from '../../config/credentials.js'
import {LOCAL_PROFILE, type ProfileSettings} from '../../config/profiles.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import {authError, PayctlError} from '../../shared/errors.js'
import {type AuthServerMetadata, discover} from './discovery.js'
import {defaultScopes, type LoginResult} from './login.js'
import {LoginRefusedError} from './login-refused.js'
import type {Trace} from './oauth-http.js'

/**
 * `auth login` for a profile: which OAuth client it logs in with, which scopes it asks for, and storing what
 * the login (OAuth, src/services/auth/login.ts) or an API key gave. Nothing here prompts or prints.
 */

export interface OAuthClientChoice {
  clientId?: string
  /** A client named now (or the emulator's) may be granted payouts:approve; one remembered from registration never. */
  provisioned: boolean
  /** The profile's settings as read before the login (a registered client is remembered in them). */
  settings: ProfileSettings
  /** What the authorization server said about itself (discovery). */
  metadata: AuthServerMetadata
}

/**
 * Which client logs in, by what the server says (discovery first): --client-id; else the client remembered
 * from an earlier registration at this origin; else, for the built-in local profile, the seeded client of
 * payctl's emulator when the server names one (`payctl_emulator_client_id`, said only by the emulator); else
 * none, and the login registers one. Loopback alone proves nothing: real servers run on localhost too.
 */
export async function oauthClientFor(
  profile: ResolvedProfile,
  configDir: string,
  clientIdFlag: string | undefined,
  debug?: Trace,
): Promise<OAuthClientChoice> {
  const settings = (await new ConfigStore(configDir).profiles())[profile.name]
  const metadata = await discover(profile.origin, debug)
  const emulatorClient = profile.name === LOCAL_PROFILE ? metadata.payctl_emulator_client_id : undefined
  const remembered = settings.origin === profile.origin ? settings.clientId : undefined
  const clientId = clientIdFlag ?? remembered ?? emulatorClient
  const provisioned = clientIdFlag !== undefined || (emulatorClient !== undefined && clientId === emulatorClient)
  return {clientId, provisioned, settings, metadata}
}

/** The --scope values (each space- or comma-separated), else every scope payctl uses that the client may get. */
export function requestedScopes(scopeFlags: readonly string[] | undefined, provisioned: boolean): string[] {
  const scopes = (scopeFlags ?? []).flatMap(s => s.split(/[\s,]+/)).filter(Boolean)
  return scopes.length ? scopes : defaultScopes(provisioned)
}

/** Every way a login can be refused ends in exit 3 (auth); unreachable servers stay transient (exit 7). */
export function loginFailure(error: unknown): unknown {
  if (error instanceof PayctlError) return error
  const again = ['run "payctl auth login" again']
  if (error instanceof ApiError) {
    return error.status >= 400 && error.status < 500 && error.status !== 404 && !isTransient(error)
      ? authError(`login failed: ${error.message}`, again)
      : error
  }
  if (error instanceof LoginRefusedError) return authError(`login failed: ${error.message}`, again)
  return error
}

/** The tokens replace the profile's stored credentials; a dynamically registered client is remembered. */
export async function storeOAuthLogin(
  profile: ResolvedProfile,
  configDir: string,
  client: OAuthClientChoice,
  result: LoginResult,
) {
  await new CredentialStore(configDir).update(profile.name, current => ({
    ...current,
    apiKey: undefined,
    oauth: result.credentials,
  }))
  // A client registered at another origin (PAYCTL_ORIGIN) is not the profile's to remember.
  if (result.registeredClientId && client.settings.origin === profile.origin)
    await new ConfigStore(configDir).setProfile(profile.name, {
      ...client.settings,
      clientId: result.registeredClientId,
    })
  return {
    profile: profile.name,
    teamId: result.credentials.teamId,
    email: result.credentials.email,
    scope: result.credentials.scope,
    expiresAt: result.credentials.expiresAt,
  }
}

/** --with-api-key: the key is checked with GET /team (on a client of its own), then stored in the profile. */
export async function storeApiKey(profile: ResolvedProfile, configDir: string, key: string) {
  const {PayoutClient} = await import('../../client/index.js')
  const client = new PayoutClient({
    origin: profile.origin,
    auth: {authorization: async () => `Bearer ${key}`, secrets: () => [key]},
  })
  try {
    const team = await client.v1.team.get()
    await new CredentialStore(configDir).update(profile.name, current => ({...current, oauth: undefined, apiKey: key}))
    return {profile: profile.name, teamId: team.id, teamName: team.name}
  } finally {
    await client.close()
  }
}
