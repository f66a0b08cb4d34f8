import {isLoopbackHost, LOCAL_EMULATOR} from '../shared/local-emulator.js'

export const ENVIRONMENTS = ['production', 'sandbox'] as const
export type Environment = (typeof ENVIRONMENTS)[number]

export interface ProfileSettings {
  environment: Environment
  origin: string
  /** OAuth client remembered by `auth login` (dynamic registration or --client-id). */
  clientId?: string
  /** The profile's own key for agent money (`payctl mcp --allow-money` is the other); only a person sets it. */
  allowAgentMoney?: boolean
}

export interface StoredConfig {
  activeProfile?: string
  profiles: Record<string, ProfileSettings>
}

export const LOCAL_PROFILE = 'local'

/** The built-in profile: the emulator on its default port. A stored `local` entry overrides it. */
export const BUILTIN_LOCAL: ProfileSettings = {environment: 'sandbox', origin: LOCAL_EMULATOR.origin}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

export function profileNameProblem(name: string): string | undefined {
  return PROFILE_NAME.test(name)
    ? undefined
    : `profile name "${name}" must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit`
}

/** An origin is an http(s) URL with nothing after the host (no path, query or fragment). */
export function originProblem(origin: string): string | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return `origin "${origin}" is not a URL; use e.g. https://api.example.com`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `origin "${origin}" must use http or https`
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username)
    return `origin "${origin}" must be scheme and host only, e.g. ${url.protocol}//${url.host}`
  return undefined
}

/** Production origins carry live credentials: https only, except on this machine (loopback). */
export function productionOriginProblem(environment: Environment, origin: string): string | undefined {
  if (environment !== 'production') return undefined
  const url = new URL(origin)
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) return undefined
  return `a production profile needs an https origin (got ${url.origin}); use https://${url.host}`
}

export const normalizeOrigin = (origin: string) => new URL(origin).origin
