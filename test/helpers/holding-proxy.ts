import {afterEach, beforeEach} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from './cli.js'
import {startCountingProxy} from './counting-proxy.js'
import {runCliInTty} from './tty.js'

export const CTRL_C = '\u0003'

type Proxy = Awaited<ReturnType<typeof startCountingProxy>>

/**
 * Per test: an isolated home, and the counting proxy the test starts in front of the emulator (closed after it).
 */
export function useProxiedHome() {
  let home: ReturnType<typeof isolatedHome>
  let proxy: Proxy | undefined
  beforeEach(() => {
    home = isolatedHome()
  })
  afterEach(async () => {
    await proxy?.close()
    proxy = undefined
  })
  return {
    get home() {
      return home
    },
    get proxy(): Proxy {
      return proxy!
    },
    set proxy(started: Proxy) {
      proxy = started
    },
  }
}

/**
 * Per test: an isolated home, and a counting proxy in front of the emulator that, once armed, holds every request
 * matching `hold` until released (closed after the test). Every run of a test goes through the proxy, so what a
 * run records (a since-state file's origin) stays the same.
 */
export function useHoldingProxy(ctx: {readonly emu: {url: string}}) {
  const fixture = useProxiedHome()
  return {
    get home() {
      return fixture.home
    },
    get proxy(): Proxy {
      return fixture.proxy
    },
    async start(hold: (method: string, url: string) => boolean) {
      let armed = false
      const held = await startCountingProxy(ctx.emu.url, {hold: request => armed && hold(request.method, request.url)})
      fixture.proxy = held
      const env = {...fixture.home.env, PAYCTL_ORIGIN: held.origin, PAYCTL_API_KEY: FULL}
      return {
        env,
        held,
        arm: () => {
          armed = true
        },
        /** Runs the CLI in a terminal, types Ctrl-C once a request is held, and releases it once the CLI is stopping. */
        ctrlC: (args: string[], stdoutFile?: string) => {
          armed = true
          return runCliInTty(args, {
            env,
            stdoutFile,
            steps: [
              {when: held.held, send: CTRL_C},
              {
                when: /Stopping after the (reads|page|claims) in flight|Stopping: the page being read is cancelled/,
                run: held.release,
              },
            ],
          })
        },
      }
    },
  }
}
