import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {freePort} from '../helpers/free-port.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'
import {FULL} from './helpers.js'

/**
 * Issue 53, item 5: the emulator logs every request it answers (its control routes aside), scrubbed of secrets;
 * `emulator requests` lists the log and `emulator start` prints it as it comes, within 80 columns.
 */

const ctx = useEmulator()
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})
const MISSING = 'payout_00000000-0000-4000-8000-000000000000'

describe('the request log', () => {
  it('emulator requests lists what payctl sent: method, path, status, time taken and request id; no secret', async () => {
    const listed = await runCommand(['payouts', 'list', '--api', 'v2', '--limit', '2'], {env: env()})
    expect(listed.code, listed.stderr).toBe(0)
    const missing = await fetch(`${ctx.url}/api/v2/payouts/${MISSING}`, {headers: {authorization: `Bearer ${FULL}`}})
    expect(missing.status).toBe(404)
    const session = (await ctx.api.post('/api/v1/session/kyb', {redirectUrl: 'https://example.com/back'})) as {
      body: {url: string}
    }
    const token = new URL(session.body.url).pathname.split('/')[3]
    await fetch(session.body.url)
    const authorize = `${ctx.url}/api/auth/oauth2/authorize?client_id=cl_x&state=st-secret-1&code_challenge=ch-secret-2&response_type=code`
    await fetch(authorize, {redirect: 'manual'})

    const result = await runCommand(['emulator', 'requests', '--no-follow', '--json'], {env: env()})
    expect(result.code, result.stderr).toBe(0)
    const entries = result.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    expect(entries.find(entry => entry.path === '/api/v2/payouts?limit=2')).toMatchObject({
      method: 'GET',
      status: 200,
      requestId: expect.stringMatching(/^req_[0-9a-f]{24}$/),
    })
    const notFound = entries.find(entry => entry.path === `/api/v2/payouts/${MISSING}`)
    expect(notFound).toMatchObject({method: 'GET', status: 404, requestId: missing.headers.get('x-request-id')})
    expect(typeof notFound.ms).toBe('number')
    expect(entries.some(entry => entry.path === '/hosted/kyb/…')).toBe(true)
    expect(entries.some(entry => /state=…&code_challenge=…/.test(entry.path))).toBe(true)
    const text = JSON.stringify(entries)
    for (const secret of [token, 'st-secret-1', 'ch-secret-2', FULL]) expect(text).not.toContain(secret)
    // The control routes (a reset, this very listing) are not requests payctl sent to the service.
    expect(entries.some(entry => entry.path.startsWith('/_emulator'))).toBe(false)
    // In a pipe the human view is one line a request.
    const lines = await runCommand(['emulator', 'requests'], {env: env()})
    const line = new RegExp(
      `^\\d\\d:\\d\\d:\\d\\d GET {4}/api/v2/payouts/${MISSING} 404 \\d+ ms req_[0-9a-f]{24}$`,
      'm',
    )
    expect(lines.stdout).toMatch(line)
  })

  it('emulator start prints one line per request, within 80 columns', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/api/v2/payouts/${MISSING}`
    let id: string | null = null
    const result = await runCliInTty(['emulator', 'start', '--port', String(port), '--data', ':memory:'], {
      env: env(),
      columns: 80,
      steps: [
        {
          when: 'Press Ctrl-C to stop',
          run: () => {
            void fetch(url, {headers: {authorization: `Bearer ${FULL}`}}).then(answer => {
              id = answer.headers.get('x-request-id')
            })
          },
        },
        {when: /req_[0-9a-f]{24}/, send: '\u0003'},
      ],
    })
    const lines = result.output.split('\n').filter(Boolean)
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80)
    // At 80 columns: the time, method, status, time taken and request id, then the path, its UUID shortened.
    const logged = lines.findIndex(line => /^\d\d:\d\d:\d\d GET {4}404 \d+ ms req_[0-9a-f]{24}$/.test(line))
    expect(logged, result.output).toBeGreaterThan(-1)
    expect(lines[logged + 1]).toBe('  /api/v2/payouts/payout_00000000…')
    expect(result.output).toContain(id!)
  })
})
