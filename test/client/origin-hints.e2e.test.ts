import {createServer} from 'node:net'
import {describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {drop, useFakeServer} from '../helpers/fake-server.js'
import {hugeHeaders} from '../helpers/hostile-server.js'

/**
 * The hint after a failure names what can be wrong at the origin: "is the emulator running?" only when nothing
 * listens on a loopback origin. Headers above Node's limit are an answer payctl refuses (exit 7, BAD_ANSWER, not
 * retried), and a connection cut off by whoever listens is a network failure of that service.
 */

const ctx = useFakeServer()

const env = (origin: string) => ({...ctx.home.env, PAYCTL_ORIGIN: origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'})
/** A POST without an idempotency key is sent once (a retry could duplicate it): no back-off to wait out. */
const ONE_ATTEMPT = ['api', 'POST', '/api/v1/webhooks', '-d', '{}']
const errorLines = (stderr: string) => stderr.split('\n').filter(line => line.startsWith('Error:'))

describe('the hint of a failure', () => {
  it('huge response headers: BAD_ANSWER naming them, not retried, no word of the emulator (exit 7)', async () => {
    ctx.server.fallback = hugeHeaders
    const result = await runCli(['team', 'get'], {env: env(ctx.server.origin)})
    expect(result.code, result.stderr).toBe(7)
    expect(errorLines(result.stderr)).toEqual([
      expect.stringMatching(
        /^Error: BAD_ANSWER: the answer to GET http:\/\/127\.0\.0\.1:\d+\/api\/v\d\/team has headers larger than payctl reads \(16 KiB\)/,
      ),
    ])
    expect(result.stderr).not.toMatch(/emulator/)
    expect(ctx.server.requests).toHaveLength(1)
  })

  it('a connection cut off by the server on a loopback origin: the service, not the emulator, is named', async () => {
    ctx.server.fallback = drop
    const result = await runCli(ONE_ATTEMPT, {env: env(ctx.server.origin)})
    expect(result.code, result.stderr).toBe(7)
    expect(errorLines(result.stderr)).toEqual([
      expect.stringMatching(/^Error: NETWORK: .*; safe to re-run once the service is reachable$/),
    ])
    expect(result.stderr).not.toMatch(/emulator/)
  })

  it('nothing listening on a loopback origin: the emulator is the likely cause and is named', async () => {
    const free = createServer()
    await new Promise<void>(resolve => free.listen(0, '127.0.0.1', resolve))
    const port = (free.address() as {port: number}).port
    await new Promise<void>(resolve => free.close(() => resolve()))
    const result = await runCli(ONE_ATTEMPT, {env: env(`http://127.0.0.1:${port}`)})
    expect(result.code, result.stderr).toBe(7)
    expect(errorLines(result.stderr)).toEqual([
      expect.stringMatching(/ECONNREFUSED.*; is the emulator running\? start it with "payctl emulator start"$/),
    ])
  })
})
