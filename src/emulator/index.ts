import {type SeedInfo, seedInfo} from './domain/seed.js'
import {type AppOptions, EmulatorApp} from './emulator-app.js'
import {EmulatorServer} from './emulator-server.js'
import {type ControlAccess, EXPOSED_CONTROL, isLoopbackInterface} from './http/access-policy.js'

/**
 * The local emulator of the whole service (DESIGN "The emulator"): `startEmulator()` opens the database,
 * seeds it on first use and listens. `payctl emulator start` and the tests use this.
 */

/** What `startEmulator` takes: what the app is made with (emulator-app.ts), and where and to whom it listens. */
export interface EmulatorOptions extends Partial<AppOptions> {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * The /_emulator control routes: for this machine only (the default), switched off, or also for remote peers
   * that show a token. On a non-loopback `host`, `local` refuses to start (docs/emulator.md).
   */
  control?: ControlAccess
  /** Further `Host` names to accept on the API and control routes (a tunnel's or the machine's name). */
  allowedHosts?: readonly string[]
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
  const app = new EmulatorApp({...options, dataFile: options.dataFile ?? ':memory:'})
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
