import type {Environment} from './domain/environment.js'
import {type SeedInfo, seedInfo} from './domain/seed.js'
import {EmulatorApp} from './emulator-app.js'
import {EmulatorServer} from './emulator-server.js'
import {type ControlAccess, EXPOSED_CONTROL, isLoopbackInterface} from './http/access-policy.js'

/**
 * The local emulator of the whole service (DESIGN "The emulator"): `startEmulator()` opens the database,
 * seeds it on first use and listens. `payctl emulator start` and the tests use this.
 */

export interface EmulatorOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** SQLite file, or `:memory:` (the default). */
  dataFile?: string
  /** Empty the database and seed it again. */
  reset?: boolean
  environment?: Environment
  /** Per-attempt time-out of webhook deliveries. */
  webhookTimeoutMs?: number
  /**
   * For automated tests: an authorization request whose `login_hint` is a team member's e-mail signs in
   * and consents at once (redirects back with a code, the `team_hint` team or the member's first team).
   */
  autoConsent?: boolean
  /** Starts in variance mode (docs/emulator.md "Variance mode"). */
  variance?: {seed?: string}
  /** Receives internal errors (stderr in the command). */
  log?: (line: string) => void
  /**
   * The /_emulator control routes: for this machine only (the default), switched off, or also for remote peers
   * that show a token. On a non-loopback `host`, `local` refuses to start (docs/emulator.md).
   */
  control?: ControlAccess
  /** Further `Host` names to accept on the API and control routes (a tunnel's or the machine's name). */
  allowedHosts?: readonly string[]
  /** The token it proves who it is with (`emulator start` keeps it in the data folder; contract/emulator-identity.ts). */
  identityToken?: string
}

export interface RunningEmulator {
  url: string
  port: number
  host: string
  seed: SeedInfo
  app: EmulatorApp
  close(): Promise<void>
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1'
  const control = options.control ?? {mode: 'local'}
  if (control.mode === 'local' && !isLoopbackInterface(host))
    throw Object.assign(
      new Error(
        `--host ${host} would let other hosts reach the emulator: pass --no-control (no /_emulator routes) or --control-token (a token they must show)`,
      ),
      {code: EXPOSED_CONTROL},
    )
  const app = new EmulatorApp({
    dataFile: options.dataFile ?? ':memory:',
    reset: options.reset,
    environment: options.environment,
    webhookTimeoutMs: options.webhookTimeoutMs,
    autoConsent: options.autoConsent,
    variance: options.variance,
    log: options.log,
    identityToken: options.identityToken,
  })
  const server = new EmulatorServer(
    {
      store: app.store,
      authentication: app.authentication,
      idempotency: app.idempotency,
      faults: app.faults,
      variance: app.variance,
      afterRequest: () => app.dispatcher.afterRequest(),
      requests: app.requests,
      log: app.log,
    },
    app.router,
    {control, boundHost: host, allowedHosts: options.allowedHosts},
  )
  let port: number
  try {
    port = (await server.listen(options.port ?? 4010, host)).port
  } catch (error) {
    await app.close()
    throw error
  }
  const runDue = () => {
    if (!app.store.db.open) return
    app.runDue()
    app.dispatcher.afterRequest()
  }
  const urlHost = host.includes(':') ? `[${host}]` : host
  app.origin = `http://${urlHost}:${port}`
  runDue()
  app.dispatcher.kick()
  // Expiries also fall due in real time.
  const timer = setInterval(runDue, 60_000)
  timer.unref()
  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    seed: seedInfo(),
    app,
    close: () => {
      clearInterval(timer)
      closing ??= server.close().then(() => app.close())
      return closing
    },
  }
}

export type {SeedInfo} from './domain/seed.js'
export {createSessionToken, type SessionClaims, type SessionKind, verifySessionToken} from './domain/session-tokens.js'
export {CONTROL_TOKEN_HEADER, type ControlAccess} from './http/access-policy.js'
export {signDelivery} from './webhooks/delivery-signature.js'
