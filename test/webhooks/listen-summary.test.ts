import {createServer} from 'node:net'
import {describe, expect, it} from 'vitest'
import {sendDelivery} from '../../src/services/webhooks/sender.js'
import {isolatedHome} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Issue #32: `webhooks listen` prints one JSON line per delivery while it runs and, once stopped, returns what it
 * received (docs/decisions.md, "#32 typed results"): the summary counts every delivery, the verified ones and the
 * forwarded ones, and is not printed.
 */

const SECRET = 'whsec_summary'

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number}
      server.close(() => resolve(port))
    })
  })
}

/** Posts one delivery, retrying while the listener is not bound yet (it binds after it took its signals). */
async function deliver(url: string, badSignature: boolean): Promise<number> {
  const body = Buffer.from('{"id":"payout_summary","status":"completed"}')
  for (;;) {
    try {
      return (await sendDelivery({url, secret: SECRET, body, badSignature})).status
    } catch {
      await new Promise(resolve => setTimeout(resolve, 20))
    }
  }
}

describe('webhooks listen: the summary it returns', () => {
  it('counts the deliveries it received and verified; SIGTERM ends it with exit 0 and the lines unchanged', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    const before = new Set(process.listeners('SIGTERM'))
    const run = runCommand(['webhooks', 'listen', '--port', String(port), '--secret', SECRET, '--json'], {
      env: isolatedHome().env,
    })
    expect(await deliver(url, false)).toBe(200)
    expect(await deliver(url, true)).toBe(401)
    for (const listener of process.listeners('SIGTERM').filter(added => !before.has(added))) listener('SIGTERM')
    const result = await run
    expect(result.code, result.stderr).toBe(0)
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map(line => JSON.parse(line).verified),
    ).toEqual([true, false])
    expect(result.returned).toEqual({url, received: 2, verified: 1, forwarded: 0, stopped: 'SIGTERM'})
  })
})
