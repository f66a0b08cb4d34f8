import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'
import {ListenProcess, waitFor} from './listen-process.js'

/**
 * Issue 53, bug 4 and item 3: `payctl webhooks listen` with no flags against the emulator, as `stripe listen`: a
 * temporary subscription to its own address with a fresh secret, every delivery verified with it, the
 * subscription deleted again on Ctrl-C and SIGTERM; a subscription that delivers elsewhere named in a warning.
 */

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected freely in tests
type Json = any

const ctx = useEmulator()
let listen: ListenProcess | undefined
let env: Record<string, string>
const subscriptions = async (): Promise<Json[]> => (await ctx.api.get('/api/v1/webhook')).body

beforeEach(() => {
  env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.url, PAYCTL_API_KEY: LOCAL_EMULATOR.fullKey}
})
afterEach(() => listen?.kill())

describe('webhooks listen with no flags', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`registers a temporary subscription, verifies with its secret, warns of one elsewhere; ${signal} deletes it`, async () => {
      const elsewhere = 'http://127.0.0.1:9/hooks'
      const created = await runCommand(['webhooks', 'create', '--url', elsewhere], {env})
      expect(created.code, created.stderr).toBe(0)
      listen = await ListenProcess.start([], env)
      expect(listen.stderr).toMatch(/Registered webhook subscription \S+ -> http:\/\/127\.0\.0\.1:\d+\//)
      expect(listen.secret).toMatch(/^whsec_/)
      await waitFor(() => listen!.stderr.includes('not to this listener'), 'the warning')
      expect(listen.stderr).toMatch(
        new RegExp(`Warning: webhook subscription \\S+ delivers to ${elsewhere}, not to this listener`),
      )
      const mine = (await subscriptions()).find(s => s.targetUrl === `${listen!.url}`)
      expect(mine, JSON.stringify(await subscriptions())).toBeDefined()

      const triggered = await runCommand(['emulator', 'trigger', 'payout.completed'], {env})
      expect(triggered.code, triggered.stderr).toBe(0)
      const lines = await listen.waitForLines(5)
      for (const line of lines) expect(line).toMatch(/verified$/)

      const code = await listen.stop(signal)
      expect(code).toBe(signal === 'SIGINT' ? 130 : 0)
      expect(listen.stderr).toContain(`Deleted webhook subscription ${mine.id}.`)
      expect((await subscriptions()).map(s => s.targetUrl)).toEqual([elsewhere])
    })

  it('--forward-to passes each verified delivery on with its original signature', async () => {
    const app = await new FakeServer().start()
    try {
      app.fallback = (_req, res) => json(res, 200, {ok: true})
      listen = await ListenProcess.start(['--forward-to', `${app.origin}/webhooks`], env)
      await runCommand(['emulator', 'trigger', 'payout.completed'], {env})
      await listen.waitForLines(5)
      expect(app.requests).toHaveLength(5)
      for (const request of app.requests) {
        expect(request.url).toBe('/webhooks')
        expect(request.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/)
      }
    } finally {
      await app.stop()
    }
  })

  it('with a secret given it registers nothing; --no-register listens with the stored secrets', async () => {
    listen = await ListenProcess.start(['--secret', 'whsec_given_0123456789'], env)
    expect(listen.stderr).not.toContain('Registered')
    expect(await subscriptions()).toEqual([])
    listen.kill()
    await runCommand(['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks'], {env})
    listen = await ListenProcess.start(['--no-register'], env)
    expect(listen.stderr).toContain('1 secret (stored in profile "local")')
    await waitFor(() => listen!.stderr.includes('not to this listener'), 'the warning')
    expect(await subscriptions()).toHaveLength(1)
  })
})
