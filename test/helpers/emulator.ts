import {afterAll, beforeAll, beforeEach} from 'vitest'
import {type EmulatorOptions, type RunningEmulator, startEmulator} from '../../src/emulator/index.js'
import {Api} from '../emulator/helpers.js'
import {isolatedHome} from './cli.js'
import {control} from './control.js'
import {RecordingProxy} from './recording-proxy.js'

export interface FixtureOptions extends EmulatorOptions {
  /** Reset the emulator before each test (default). `false`: the file's tests share one emulator's state. */
  reset?: boolean
  /** Put a RecordingProxy between payctl and the emulator (`proxy`; `env` points payctl at it), emptied per test. */
  record?: boolean
}

export interface EmulatorFixture {
  readonly emu: RunningEmulator
  /** The emulator's origin. */
  readonly url: string
  /** Raw HTTP to the emulator, with the full key of the seeded team unless told otherwise. */
  readonly api: Api
  /** The recording proxy (only with `record: true`). */
  readonly proxy: RecordingProxy
  /** A fresh config/data/cache home, new for each test (made on first use). */
  readonly home: ReturnType<typeof isolatedHome>
  /** `home`'s environment with PAYCTL_ORIGIN at the emulator (or at the proxy with `record: true`). */
  readonly env: Record<string, string>
}

/**
 * The emulator of a test file: started on a random loopback port before its tests, closed after them, and (unless
 * `reset: false`) reset before each test. Every emulator option is passed on (e.g. `autoConsent: true` for the
 * auth suites).
 */
export function useEmulator(options: FixtureOptions = {}): EmulatorFixture {
  const {reset = true, record = false, ...emulatorOptions} = options
  let emu: RunningEmulator | undefined
  let api: Api | undefined
  let proxy: RecordingProxy | undefined
  let home: ReturnType<typeof isolatedHome> | undefined
  beforeAll(async () => {
    emu = await startEmulator({port: 0, dataFile: ':memory:', webhookTimeoutMs: 2000, ...emulatorOptions})
    api = new Api(emu.url)
    if (record) proxy = await new RecordingProxy(emu.url).start()
  })
  afterAll(async () => {
    await proxy?.stop()
    await emu?.close()
  })
  beforeEach(async () => {
    home = undefined
    if (reset) await control(emu!.url, 'POST', '/_emulator/reset')
    if (proxy) proxy.requests.length = 0
  })
  return {
    get emu() {
      return emu!
    },
    get url() {
      return emu!.url
    },
    get api() {
      return api!
    },
    get proxy() {
      if (!proxy) throw new Error('useEmulator({record: true}) gives a proxy')
      return proxy
    },
    get home() {
      home ??= isolatedHome()
      return home
    },
    get env() {
      return {...this.home.env, PAYCTL_ORIGIN: proxy?.url ?? emu!.url}
    },
  }
}
