import type {AuthProvider} from '../../client/transport.js'
import {LOCAL_PROFILE} from '../../config/profiles.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import {authError} from '../../shared/errors.js'
import {isLoopbackOrigin} from '../../shared/local-emulator.js'

/**
 * Whether the key goes to the `local` profile's own loopback origin (127.0.0.1:4010 unless the person set another),
 * where an emulator must prove who it is. PAYCTL_ORIGIN names the origin outright: no proof is asked there.
 */
const toLocalEmulator = (profile: ResolvedProfile) =>
  profile.name === LOCAL_PROFILE && !profile.originFromEnv && isLoopbackOrigin(profile.origin)

/**
 * The Authorization header for a profile: its API key, or its OAuth access token. The built-in `local` profile
 * sends a key to its origin only once the emulator there proved it is the one this user started (with `dataDir`,
 * where `emulator start` keeps its identity; services/emulator-control/emulator-identity.ts).
 */
export async function authProviderFor(
  profile: ResolvedProfile,
  configDir: string,
  debug?: (line: string) => void,
  dataDir?: string,
): Promise<AuthProvider> {
  if (profile.apiKey) {
    const key = profile.apiKey
    if (dataDir === undefined || !toLocalEmulator(profile))
      return {authorization: async () => `Bearer ${key}`, secrets: () => [key]}
    let proven: Promise<void> | undefined
    return {
      authorization: async () => {
        const {proveLocalEmulator} = await import('../emulator-control/emulator-identity.js')
        proven ??= proveLocalEmulator(profile.origin, dataDir)
        await proven
        return `Bearer ${key}`
      },
      secrets: () => [key],
    }
  }
  const oauth = profile.credentials.oauth
  if (oauth) {
    const {OAuthProvider} = await import('../auth/oauth-provider.js')
    return new OAuthProvider({profile: profile.name, origin: profile.origin, configDir, credentials: oauth, debug})
  }
  throw authError(`profile "${profile.name}" has no credentials`, [
    `run "payctl auth login --profile ${profile.name}" or set PAYCTL_API_KEY`,
  ])
}
