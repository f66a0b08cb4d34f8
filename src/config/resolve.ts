import {usageError} from '../shared/errors.js'
import {LOCAL_EMULATOR} from '../shared/local-emulator.js'
import {ConfigStore, withBuiltinLocal} from './config-store.js'
import type {ProfileCredentials} from './credential-types.js'
import {CredentialStore} from './credentials.js'
import {type Environment, LOCAL_PROFILE, normalizeOrigin, originProblem, productionOriginProblem} from './profiles.js'

export type CredentialSource = 'env' | 'api-key' | 'oauth' | 'builtin' | 'none'

export interface ResolvedProfile {
  name: string
  environment: Environment
  origin: string
  /** How the profile was chosen: --profile/PAYCTL_PROFILE, the active profile, or the built-in default. */
  selectedBy: 'flag' | 'active' | 'default'
  credentialSource: CredentialSource
  credentials: ProfileCredentials
  /** The API key in force (PAYCTL_API_KEY, stored, or the emulator's for the built-in local profile). */
  apiKey?: string
  /** The profile allows money tools to an agent (`payctl profiles set NAME --allow-agent-money`). */
  allowAgentMoney?: boolean
  /** The stored credential PAYCTL_API_KEY overrides, if the profile has one. */
  overridden?: 'oauth' | 'api-key'
  /** The origin is PAYCTL_ORIGIN's, not the profile's. */
  originFromEnv?: boolean
}

export interface ResolveOptions {
  configDir: string
  /** --profile (oclif fills it from PAYCTL_PROFILE too). */
  profile?: string
  env?: NodeJS.ProcessEnv
}

/**
 * Profile resolution, in order: --profile / PAYCTL_PROFILE, the active profile, the built-in `local`.
 * PAYCTL_ORIGIN overrides the origin and PAYCTL_API_KEY the stored credentials.
 */
export async function resolveProfile(options: ResolveOptions): Promise<ResolvedProfile> {
  const env = options.env ?? process.env
  const config = new ConfigStore(options.configDir)
  const stored = await config.read()
  const profiles = withBuiltinLocal(stored.profiles)
  const name = options.profile ?? stored.activeProfile ?? LOCAL_PROFILE
  const settings = profiles[name]
  if (!settings) {
    throw usageError(`unknown profile "${name}"`, [
      'run "payctl profiles list" to see the profiles',
      `or "payctl profiles add ${name} --origin URL --environment sandbox"`,
    ])
  }
  let origin = settings.origin
  if (env.PAYCTL_ORIGIN) {
    const problem = originProblem(env.PAYCTL_ORIGIN)
    if (problem) throw usageError(`PAYCTL_ORIGIN: ${problem}`)
    origin = normalizeOrigin(env.PAYCTL_ORIGIN)
  }
  const insecure = productionOriginProblem(settings.environment, origin)
  if (insecure)
    throw usageError(`profile "${name}": ${insecure}`, [
      `run "payctl profiles set ${name} --origin https://…"${env.PAYCTL_ORIGIN ? ' or fix PAYCTL_ORIGIN' : ''}`,
    ])
  const credentials = await new CredentialStore(options.configDir).get(name)
  let credentialSource: CredentialSource = 'none'
  let apiKey: string | undefined
  if (env.PAYCTL_API_KEY) {
    credentialSource = 'env'
    apiKey = env.PAYCTL_API_KEY
  } else if (credentials.oauth) {
    credentialSource = 'oauth'
  } else if (credentials.apiKey) {
    credentialSource = 'api-key'
    apiKey = credentials.apiKey
  } else if (name === LOCAL_PROFILE) {
    credentialSource = 'builtin'
    apiKey = LOCAL_EMULATOR.fullKey
  }
  return {
    name,
    environment: settings.environment,
    origin,
    selectedBy: options.profile ? 'flag' : name === LOCAL_PROFILE ? 'default' : 'active',
    credentialSource,
    credentials,
    apiKey,
    allowAgentMoney: settings.allowAgentMoney === true,
    ...(env.PAYCTL_ORIGIN ? {originFromEnv: true} : {}),
    ...overriddenBy(credentialSource, credentials),
  }
}

/** What PAYCTL_API_KEY hides: the profile's stored OAuth login or API key, if any. */
function overriddenBy(source: CredentialSource, stored: ProfileCredentials): Pick<ResolvedProfile, 'overridden'> {
  if (source !== 'env' || !(stored.oauth || stored.apiKey)) return {}
  return {overridden: stored.oauth ? 'oauth' : 'api-key'}
}
