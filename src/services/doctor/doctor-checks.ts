import {stat} from 'node:fs/promises'
import {join} from 'node:path'
import {type PayoutClient, send} from '../../client/index.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import {operations} from '../../contract/operations.js'
import {ExitCode, type ExitCodeValue} from '../../shared/exit-codes.js'
import {runtimeOf} from '../../shared/runtime.js'

export type CheckStatus = 'pass' | 'warn' | 'fail'

export interface Check {
  name: string
  status: CheckStatus
  detail: string
  fix?: string
  /** The exit code a failure of this check stands for (README "Exit codes"). */
  exitCode?: ExitCodeValue
}

const pass = (name: string, detail: string): Check => ({name, status: 'pass', detail})
const warn = (name: string, detail: string, fix: string): Check => ({name, status: 'warn', detail, fix})
const fail = (name: string, detail: string, fix: string, exitCode: ExitCodeValue): Check => ({
  name,
  status: 'fail',
  detail,
  fix,
  exitCode,
})

/** The runtime: Bun inside the executables (its own, nothing to install); Node's version for the npm package. */
export function runtimeCheck(versions: NodeJS.ProcessVersions = process.versions): Check {
  const {name, version} = runtimeOf(versions)
  if (name === 'Bun') return pass('runtime', `Bun ${version} (inside the payctl executable)`)
  const [major, minor] = version.split('.').map(Number)
  if (major < 20 || (major === 20 && minor < 19))
    return fail(
      'runtime',
      `Node ${version}`,
      'install Node 22 or 24 (payctl needs 20.19 or newer)',
      ExitCode.unexpected,
    )
  if (major === 20)
    return warn('runtime', `Node ${version} (end of life since April 2026)`, 'move to Node 24 or 22 (LTS)')
  return pass('runtime', `Node ${version}`)
}

/** Flags of NODE_OPTIONS and BUN_OPTIONS that load code into payctl before it starts. */
const LOADS_CODE = /^(--require|-r|--import|--preload|--loader|--experimental-loader)(=|$)/

/**
 * NODE_OPTIONS (npm package) and BUN_OPTIONS (Bun applies it to compiled executables, with no build option to turn
 * it off) can load code into payctl, with the credentials it holds. Names the flags, never their values.
 */
export function runtimeOptionsCheck(env: NodeJS.ProcessEnv = process.env): Check {
  const found = (['NODE_OPTIONS', 'BUN_OPTIONS'] as const).flatMap(name =>
    (env[name] ?? '')
      .split(/\s+/)
      .flatMap(word => LOADS_CODE.exec(word)?.[1] ?? [])
      .map(flag => `${name} ${flag}`),
  )
  if (found.length === 0) return pass('runtime options', 'neither NODE_OPTIONS nor BUN_OPTIONS loads code')
  return warn(
    'runtime options',
    `${[...new Set(found)].join(', ')}: code loaded into payctl before it starts`,
    'unset it unless you set it on purpose (README: "Variables of the runtime")',
  )
}

/** credentials.json must be 0600 and its directory 0700: nobody else may read the secrets. */
export async function fileModeChecks(configDir: string): Promise<Check[]> {
  const checks: Check[] = []
  for (const [name, path, wanted] of [
    ['config directory', configDir, 0o700],
    ['credentials file', join(configDir, 'credentials.json'), 0o600],
  ] as const) {
    const mode = await stat(path).then(
      s => s.mode & 0o777,
      () => undefined,
    )
    if (mode === undefined) checks.push(pass(name, `${path} does not exist yet`))
    else if (mode & 0o077)
      checks.push(
        fail(name, `${path} has mode ${mode.toString(8)}`, `chmod ${wanted.toString(8)} ${path}`, ExitCode.auth),
      )
    else checks.push(pass(name, `${path} (mode ${mode.toString(8)})`))
  }
  return checks
}

const CHOSEN = {flag: '--profile or PAYCTL_PROFILE', active: 'the active profile', default: 'the built-in default'}
const SOURCE = {
  env: 'PAYCTL_API_KEY (overrides what the profile stores)',
  'api-key': 'the API key stored in the profile',
  oauth: 'the OAuth login stored in the profile',
  builtin: "the emulator's built-in key",
  none: 'none',
}

export function profileChecks(profile: ResolvedProfile, env: NodeJS.ProcessEnv = process.env): Check[] {
  const origin = `${profile.origin}${env.PAYCTL_ORIGIN ? ' (PAYCTL_ORIGIN overrides the profile)' : ''}`
  const checks = [
    pass(
      'profile',
      `${profile.name} (${profile.environment}), chosen by ${CHOSEN[profile.selectedBy]}; origin ${origin}`,
    ),
  ]
  const stored = profile.credentials.oauth ? 'an OAuth login' : profile.credentials.apiKey ? 'an API key' : undefined
  if (profile.credentialSource === 'none')
    checks.push(
      fail('credentials', 'none', `payctl auth login --profile ${profile.name} (or --with-api-key)`, ExitCode.auth),
    )
  else if (profile.credentialSource === 'env' && stored)
    checks.push(
      warn(
        'credentials',
        `${SOURCE.env}; ${stored} stored in the profile is not used`,
        'unset PAYCTL_API_KEY to use it',
      ),
    )
  else checks.push(pass('credentials', SOURCE[profile.credentialSource]))
  const oauth = profile.credentialSource === 'oauth' ? profile.credentials.oauth : undefined
  if (oauth?.expiresAt) {
    const left = Date.parse(oauth.expiresAt) - Date.now()
    if (left > 0) checks.push(pass('token expiry', `access token valid until ${oauth.expiresAt}`))
    else if (oauth.refreshToken)
      checks.push(pass('token expiry', `access token expired ${oauth.expiresAt}; it is refreshed on the next call`))
    else
      checks.push(
        fail(
          'token expiry',
          `expired ${oauth.expiresAt}, no refresh token`,
          `payctl auth login --profile ${profile.name}`,
          ExitCode.auth,
        ),
      )
  }
  return checks
}

/** One team read (getTeamV1): reachability, latency, the credential's acceptance, and the clock against the server's Date. */
export async function serviceChecks(client: PayoutClient, origin: string, now = Date.now): Promise<Check[]> {
  const started = now()
  try {
    const team = operations.getTeamV1
    const response = await send(client.transport, team, {})
    const latency = now() - started
    const checks = [pass('reachability', `${origin} answered GET ${team.path} in ${latency} ms`)]
    const date = Date.parse(String(response.headers.date ?? ''))
    if (Number.isNaN(date)) return [...checks, warn('clock', 'the server sent no Date header', 'nothing to compare')]
    const skew = Math.round((started + latency / 2 - date) / 1000)
    const text = `local clock ${skew >= 0 ? 'ahead of' : 'behind'} the server by ${Math.abs(skew)} s`
    if (Math.abs(skew) > 300)
      checks.push(fail('clock', text, 'sync the clock (NTP): webhook signatures allow 300 s', ExitCode.unexpected))
    else if (Math.abs(skew) > 30) checks.push(warn('clock', text, 'sync the clock (NTP)'))
    else checks.push(pass('clock', text))
    return checks
  } catch (error) {
    const {reportError} = await import('../errors/error-report.js')
    const report = reportError(error)
    if (report.exitCode === ExitCode.auth)
      return [
        pass('reachability', `${origin} answered in ${now() - started} ms`),
        fail(
          'credentials accepted',
          `${report.code}: ${report.message}`,
          'payctl auth status shows which credential was sent',
          ExitCode.auth,
        ),
      ]
    const fix = origin.startsWith('http://127.0.0.1')
      ? 'start the emulator: payctl emulator start'
      : 'check the origin and the network'
    return [fail('reachability', `${report.code}: ${report.message}`, fix, ExitCode.transient)]
  }
}

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'NO_PROXY', 'no_proxy']

/** payctl connects directly to the profile's origin: proxy variables are not used. */
export function proxyCheck(env: NodeJS.ProcessEnv = process.env): Check {
  const set = PROXY_VARIABLES.filter(name => env[name])
  if (!set.length) return pass('proxy', 'no proxy variables set; payctl connects directly')
  return warn(
    'proxy',
    `${set.join(', ')} set, but payctl connects directly to the origin`,
    'allow direct connections to the origin, or use the emulator offline',
  )
}

export async function emulatorDatabaseCheck(dataDir: string): Promise<Check> {
  const file = join(dataDir, 'emulator.sqlite')
  const info = await stat(file).catch(() => undefined)
  if (!info) return pass('emulator database', `${file} not created yet (payctl emulator start creates it)`)
  // SQLite's write-ahead log holds recent writes until a checkpoint copies them in: the database is both files.
  const sizes = await Promise.all(
    ['-wal', '-shm'].map(end =>
      stat(file + end).then(
        s => s.size,
        () => 0,
      ),
    ),
  )
  const total = info.size + sizes.reduce((a, b) => a + b, 0)
  const parts = sizes[0] ? ' with its -wal and -shm files' : ''
  return pass('emulator database', `${file} (${kibibytes(total)}${parts}; --reset starts it anew)`)
}

/** `4 KiB`, `1.9 MiB`. */
const kibibytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`
