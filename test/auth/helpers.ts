import {existsSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {request} from 'undici'
import {expect} from 'vitest'
import type {Body, Res} from '../emulator/helpers.js'
import {type CliResult, isolatedHome, runCli} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
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
  const cli = runCli(['auth', 'login', '--no-browser', ...args], {env: home.env, input})
  const authUrl = new URL((await cli.waitFor(AUTH_URL))[1])
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
  const result = await cli
  expect(result.code, result.stderr).toBe(0)
  expect(page.status).toBe(200)
  expect(page.text).toContain('payctl is logged in')
  return {result, authUrl, callback}
}

/** A confidential OAuth client with a loopback redirect, created through the emulator's control route. */
export async function confidentialClient(url: string): Promise<{clientId: string; clientSecret: string}> {
  return control(url, 'POST', '/_emulator/oauth/clients', {
    redirectUris: ['http://127.0.0.1/callback'],
    confidential: true,
  })
}
