import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {request} from 'undici'
import {expect} from 'vitest'
import {type Body, type Res, useEmulator} from '../emulator/helpers.js'
import {BIN, type CliResult, isolatedHome, runCli} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * End-to-end helpers for `payctl auth`: an isolated home with a profile for the emulator, the CLI as a
 * running subprocess whose stderr can be awaited (the login), and a "browser" that follows the authorization
 * URL. The other commands of a test run in the test process.
 */

export const PROFILE = 'emu'

export interface Home {
  dir: string
  configDir: string
  env: Record<string, string>
  /** Runs payctl to completion in this home (profile `emu`, no browser), in the test process. */
  run(args: string[], options?: {input?: string; env?: Record<string, string>}): Promise<CliResult>
  /** The same as a process of its own, for runs at the same time as others. */
  runProcess(args: string[]): Promise<CliResult>
  credentialsFile: string
  credentials(): Body
}

/** A fresh home whose active profile `emu` points at the emulator (written as `profiles add` would). */
export function homeFor(emulatorUrl: string): Home {
  const {dir, env} = isolatedHome()
  const configDir = env.PAYCTL_CONFIG_DIR
  mkdirSync(configDir, {recursive: true, mode: 0o700})
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({profiles: {[PROFILE]: {environment: 'sandbox', origin: emulatorUrl}}, activeProfile: PROFILE}),
  )
  const fullEnv = {...env, PAYCTL_BROWSER: 'none'}
  const credentialsFile = join(configDir, 'credentials.json')
  return {
    dir,
    configDir,
    env: fullEnv,
    credentialsFile,
    run: (args, options = {}) => runCommand(args, {env: {...fullEnv, ...options.env}, input: options.input}),
    runProcess: args => runCli(args, {env: fullEnv}),
    credentials: () =>
      existsSync(credentialsFile) ? (JSON.parse(readFileSync(credentialsFile, 'utf8')).profiles[PROFILE] ?? {}) : {},
  }
}

export const fileMode = (file: string) => statSync(file).mode & 0o777

export interface RunningCli {
  /** Resolves with the first match of `pattern` in stderr. */
  stderrMatch(pattern: RegExp): Promise<RegExpMatchArray>
  result: Promise<CliResult>
}

/** Starts payctl without waiting for it (no TTY: stdin is a closed pipe unless `input` is given). */
export function startCli(args: string[], options: {env: Record<string, string>; input?: string}): RunningCli {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', ...options.env}
  for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN']) if (!(name in options.env)) delete env[name]
  const child = spawn(process.execPath, [BIN, ...args], {env, stdio: ['pipe', 'pipe', 'pipe']})
  let stdout = ''
  let stderr = ''
  const waiters: Array<{pattern: RegExp; resolve(m: RegExpMatchArray): void}> = []
  child.stdout.setEncoding('utf8').on('data', d => {
    stdout += d
  })
  child.stderr.setEncoding('utf8').on('data', d => {
    stderr += d
    for (const waiter of [...waiters]) {
      const match = stderr.match(waiter.pattern)
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(match)
      }
    }
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000)
  const result = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(timer)
      resolve({code, stdout, stderr})
    })
  })
  child.stdin.end(options.input ?? '')
  return {
    result,
    stderrMatch: pattern =>
      new Promise((resolve, reject) => {
        const match = stderr.match(pattern)
        if (match) return resolve(match)
        waiters.push({pattern, resolve})
        result.then(r => reject(new Error(`payctl exited (${r.code}) before printing ${pattern}:\n${r.stderr}`)))
      }),
  }
}

export async function get(url: string, headers: Record<string, string> = {}): Promise<Res> {
  const response = await request(url, {headers, reset: true})
  const text = await response.body.text()
  let body: Body
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return {status: response.statusCode, headers: response.headers, body, text}
}

export const AUTH_URL = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/oauth2\/authorize\?\S+)/

/** Starts `auth login --no-browser` and answers it with the authorization URL it printed. */
export async function startLogin(home: Home, args: string[] = [], input?: string) {
  const cli = startCli(['auth', 'login', '--no-browser', ...args], {env: home.env, input})
  const authUrl = new URL((await cli.stderrMatch(AUTH_URL))[1])
  return {
    cli,
    authUrl,
    state: authUrl.searchParams.get('state')!,
    redirectUri: authUrl.searchParams.get('redirect_uri')!,
  }
}

/** The browser's part with auto-consent: authorize redirects to the CLI's callback, which is visited. */
export async function completeLogin(authUrl: URL): Promise<{callback: URL; page: Res}> {
  const res = await get(authUrl.toString())
  expect(res.status, res.text).toBe(303)
  const callback = new URL(res.headers.location as string)
  return {callback, page: await get(callback.toString())}
}

/** A full auto-consent login; answers the CLI's result and the callback URL (with its code). */
export async function login(home: Home, args: string[] = [], input?: string) {
  const {cli, authUrl} = await startLogin(home, args, input)
  const {callback, page} = await completeLogin(authUrl)
  const result = await cli.result
  expect(result.code, result.stderr).toBe(0)
  expect(page.status).toBe(200)
  expect(page.text).toContain('payctl is logged in')
  return {result, authUrl, callback}
}

/** The auth suites' emulator: one per test file, consenting to every authorization, reset before each test. */
export const useAuthEmulator = () => useEmulator({autoConsent: true})

export async function control(url: string, path: string, body?: unknown): Promise<Res> {
  const response = await request(`${url}${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
    reset: true,
  })
  const text = await response.body.text()
  return {status: response.statusCode, headers: response.headers, body: text ? JSON.parse(text) : undefined, text}
}

/** A confidential OAuth client with a loopback redirect, created through the emulator's control route. */
export async function confidentialClient(url: string): Promise<{clientId: string; clientSecret: string}> {
  return (
    await control(url, '/_emulator/oauth/clients', {redirectUris: ['http://127.0.0.1/callback'], confidential: true})
  ).body
}
