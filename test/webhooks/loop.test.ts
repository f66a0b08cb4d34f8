import {createHmac} from 'node:crypto'
import {readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {request} from 'undici'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'
import {ListenProcess, waitFor} from './listen-process.js'

/**
 * The webhook debugging loop as a user runs it, every part a real subprocess against one emulator:
 * `webhooks listen --register` in one terminal, `emulator trigger` / `emulator claim` / `emulator clock
 * advance` in another, `emulator deliveries` to see the delivery log, `webhooks verify` on a saved delivery.
 */

// biome-ignore lint/suspicious/noExplicitAny: delivery bodies are inspected freely in tests
type Json = any

const METHODS = ['bank-iban', 'bank-swift', 'bank-ach', 'bank-wire', 'bank-uk', 'paypal', 'venmo', 'crypto']

describe('the webhook loop: listen, trigger, deliveries, verify', () => {
  const ctx = useEmulator({webhookTimeoutMs: 5000})
  let listen: ListenProcess | undefined
  let home: {dir: string; env: Record<string, string>}
  let env: Record<string, string>

  const cli = (...args: string[]) => runCommand(args, {env})
  // For runs at the same time and for `webhooks listen`. Many subprocesses at once on a shared 2-core machine:
  // each gets more than runCli's default 25 s.
  const cliProcess = (...args: string[]) => runCli(args, {env, timeoutMs: 100_000})
  beforeEach(() => {
    home = isolatedHome()
    // The built-in local profile, pointed at this emulator's port.
    env = {...home.env, PAYCTL_ORIGIN: ctx.url}
  })
  afterEach(() => listen?.kill())

  it('every trigger produces its documented deliveries in order, each verified by the listener; payout.failed for every method', async () => {
    const listener = await ListenProcess.start(['--register', '--json'], env)
    listen = listener
    const plan: Array<{args: string[]; expected: string[]}> = [
      {args: ['payout.completed'], expected: ['created', 'approved', 'requested', 'completed', 'payout.completed']},
      {args: ['payout.deleted'], expected: ['created', 'deleted']},
      {args: ['payout.expired'], expected: ['created', 'expired']},
      ...METHODS.map(method => ({
        args: ['payout.failed', '--method', method],
        expected: ['created', 'approved', 'requested', 'payout.failed'],
      })),
    ]
    // All triggers at once (one subprocess each); the listener's lines are grouped by payout.
    const results = await Promise.all(
      plan.map(async ({args, expected}) => {
        const run = await cliProcess('emulator', 'trigger', ...args, '--json')
        expect(run.code, run.stderr).toBe(0)
        const result = JSON.parse(run.stdout)
        expect(result.expected).toEqual(expected)
        return {args, expected, result}
      }),
    )
    const total = plan.reduce((sum, {expected}) => sum + expected.length, 0)
    const lines = (await listener.waitForLines(total)).map(line => JSON.parse(line))
    for (const {args, expected, result} of results) {
      const uuid = result.payoutId.slice('payout_'.length)
      const mine = lines.filter(d => d.payoutId === uuid || d.payoutId === result.payoutId)
      expect(mine.map(d => d.status)).toEqual(expected)
      for (const line of mine)
        expect(line).toMatchObject({verified: true, response: 200, amount: '10.00', currency: 'EUR'})
      const last = mine.at(-1).body
      if (args[0] === 'payout.failed') {
        expect(last).toMatchObject({object: 'event', type: 'payout.failed'})
        expect(last.id).toMatch(/^evt_/)
        expect(last.data).toMatchObject({object: 'payout', id: result.payoutId, status: 'failed'})
        expect(last.data.failureCode).toBe(result.failureCode)
        expect(last.data.failureReason).toMatch(/declined|rejected/)
        expect(last.data.paymentMethod.type).toBe(args[2].replace('-', '_'))
      }
      if (args[0] === 'payout.completed')
        expect(last).toMatchObject({type: 'payout.completed', data: {status: 'completed', id: result.payoutId}})
    }
    await listener.stop()
    expect(listener.lines).toHaveLength(total)
  }, 180_000)

  it('emulator deliveries shows a 500 answer, its retry time and the retry; following the log prints new attempts', async () => {
    listen = await ListenProcess.start(['--register', '--json', '--respond-with', '500,200'], env)
    expect((await cli('emulator', 'trigger', 'payout.deleted')).code).toBe(0)
    // The subscription's queue is ordered: "deleted" waits behind the retry of "created".
    await listen.waitForLines(1)
    const advanced = await cli('emulator', 'clock', 'advance', '10s')
    expect(advanced.stdout).toMatch(/^Emulator clock: \S+ \(10s ahead of real time\)\.$/m)
    await listen.waitForLines(3)

    const log = await cli('emulator', 'deliveries', '--no-follow', '--json')
    expect(log.code, log.stderr).toBe(0)
    const views = log.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    expect(views.map(v => [v.event, v.attempt, v.responseStatus, v.outcome])).toEqual([
      ['created', 1, 500, 'retrying'],
      ['created', 2, 200, 'delivered'],
      ['deleted', 1, 200, 'delivered'],
    ])
    expect((Date.parse(views[0].nextRetryAt) - Date.parse(views[0].sentAt)) / 1000).toBe(10)

    const human = await cli('emulator', 'deliveries', '--no-follow')
    const lines = human.stdout.trim().split('\n')
    expect(lines[0]).toMatch(
      / created +\S+ +attempt 1 +-> 500 +next retry \d\d:\d\d:\d\d +http:\/\/127\.0\.0\.1:\d+\/$/,
    )
    expect(lines[1]).toMatch(/ created +\S+ +attempt 2 +-> 200 +delivered /)

    // `emulator deliveries --follow` as a second terminal runs it.
    const tail = runCli(['emulator', 'deliveries', '--follow'], {env, timeoutMs: 180_000})
    const tailLines = () => tail.stdout.split('\n').filter(Boolean)
    await waitFor(() => tailLines().length === 3 && tailLines(), 'the log so far')
    expect((await cli('emulator', 'trigger', 'payout.expired')).code).toBe(0)
    const more = await waitFor(() => tailLines().length >= 5 && tailLines(), 'the new attempts')
    expect(more.slice(3).map(line => line.split(/\s+/)[1])).toEqual(['created', 'expired'])
    tail.child.kill('SIGINT')
    expect((await tail).code).toBe(130)
  }, 180_000)

  it('--secret-file writes the secret into .env (other lines kept); a saved, forwarded delivery verifies with it', async () => {
    const envFile = join(home.dir, 'app.env')
    writeFileSync(envFile, 'DATABASE_URL=postgres://localhost/app\nPAYCTL_WEBHOOK_SECRET=whsec_stale\n', {mode: 0o600})
    const saved = join(home.dir, 'saved')
    const app = await new FakeServer().start()
    try {
      app.fallback = (_req, res) => json(res, 200, {ok: true})
      listen = await ListenProcess.start(
        ['--register', '--json', '--secret-file', envFile, '--save', saved, '--forward-to', `${app.origin}/hooks`],
        env,
      )
      const secret = /^PAYCTL_WEBHOOK_SECRET=(whsec_\S+)$/m.exec(readFileSync(envFile, 'utf8'))?.[1]
      expect(secret).toBe(listen.secret)
      expect(readFileSync(envFile, 'utf8')).toBe(
        `DATABASE_URL=postgres://localhost/app\nPAYCTL_WEBHOOK_SECRET=${secret}\n`,
      )
      expect(statSync(envFile).mode & 0o777).toBe(0o600)

      expect((await cli('emulator', 'trigger', 'payout.failed', '--method', 'venmo')).code).toBe(0)
      const [, , , failed] = (await listen.waitForLines(4)).map(line => JSON.parse(line))
      expect(failed).toMatchObject({status: 'payout.failed', forward: {status: 200}})
      const body = failed.saved as string
      const headers = body.replace(/\.body$/, '.headers')

      // The app got the delivery's exact bytes and signature headers.
      const forwarded = app.requests[3]
      expect(forwarded.body).toBe(readFileSync(body, 'utf8'))
      const headerText = readFileSync(headers, 'utf8')
      expect(headerText).toContain(`x-service-signature: ${forwarded.headers['x-service-signature']}`)
      const expected = createHmac('sha256', secret!)
        .update(`${forwarded.headers['x-service-timestamp']}.${forwarded.body}`)
        .digest('hex')
      expect(forwarded.headers['x-service-signature']).toBe(expected)

      const verified = await cli('webhooks', 'verify', '--secret', secret!, '--headers', headers, body)
      expect(verified.code, verified.stderr).toBe(0)
      expect(verified.stdout).toMatch(/^Verified: signature valid/)
      const stale = await cli('webhooks', 'verify', '--secret', 'whsec_stale', '--headers', headers, body)
      expect(stale.code).toBe(1)
    } finally {
      await app.stop()
    }
  })

  it('--events shows only the chosen events; the others are still answered 200', async () => {
    listen = await ListenProcess.start(['--register', '--json', '--events', 'payout.failed,payout.completed'], env)
    expect((await cli('emulator', 'trigger', 'payout.failed', '--method', 'paypal')).code).toBe(0)
    expect((await cli('emulator', 'trigger', 'payout.completed')).code).toBe(0)
    const lines = (await listen.waitForLines(2)).map(line => JSON.parse(line))
    expect(lines.map(d => d.status)).toEqual(['payout.failed', 'payout.completed'])
    const log = (await control(ctx.url, 'GET', '/_emulator/webhooks/deliveries')).data
    expect(log).toHaveLength(9)
    expect(log.every((d: Json) => d.responseStatus === 200)).toBe(true)
    expect(log.filter((d: Json) => d.version === 2).map((d: Json) => d.event)).toEqual([
      'payout.failed',
      'payout.completed',
    ])
    await listen.stop()
    expect(listen.lines).toHaveLength(2)
  })

  it('--events with a name payctl does not know listens for it anyway and says so on stderr (spec 9)', async () => {
    const secret = 'whsec_new_event'
    listen = await ListenProcess.start(['--json', '--events', 'payout.held,completed', '--secret', secret], env)
    expect(listen.stderr).toContain('--events: payout.held is not an event payctl knows (created, approved')
    expect(listen.stderr).toContain('listening for it anyway')
    const url = /Listening on (\S+)/.exec(listen.stderr)![1]
    for (const status of ['payout.held', 'approved']) {
      const body = JSON.stringify({id: 'c0ffee00-0000-4000-8000-000000000001', status})
      const timestamp = String(Math.floor(Date.now() / 1000))
      const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
      const headers = {
        'content-type': 'application/json',
        'x-service-timestamp': timestamp,
        'x-service-signature': signature,
      }
      const answer = await request(url, {method: 'POST', headers, body})
      await answer.body.dump()
      expect(answer.statusCode).toBe(200)
    }
    const [shown] = (await listen.waitForLines(1)).map(line => JSON.parse(line))
    expect(shown).toMatchObject({status: 'payout.held', verified: true})
    await listen.stop()
    expect(listen.lines).toHaveLength(1)

    const empty = await cliProcess('webhooks', 'listen', '--events', ',', '--secret', 'whsec_x')
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('--events "," names no event')
  })

  it('a delivery received twice (same signature and timestamp) is marked as repeated', async () => {
    const secret = 'whsec_test_secret'
    const body = JSON.stringify({id: 'c0ffee00-0000-4000-8000-000000000000', status: 'completed', amount: '5.00'})
    const timestamp = String(Math.floor(Date.now() / 1000))
    const headers = {
      'content-type': 'application/json',
      'x-service-timestamp': timestamp,
      'x-service-signature': createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'),
    }
    for (const mode of [['--json'], []]) {
      const listener = await ListenProcess.start(['--secret', secret, ...mode], env)
      listen = listener
      for (let i = 0; i < 2; i++) {
        const response = await request(listener.url, {method: 'POST', headers, body})
        expect(response.statusCode).toBe(200)
        await response.body.dump()
      }
      const lines = await listener.waitForLines(2)
      if (mode.length) {
        expect(JSON.parse(lines[0]).duplicate).toBeUndefined()
        expect(JSON.parse(lines[1])).toMatchObject({verified: true, duplicate: true})
      } else {
        expect(lines[0]).not.toContain('REPEATED')
        expect(lines[1]).toContain('verified  REPEATED (same signature and timestamp as before)')
      }
      await listener.stop()
    }
  })

  it('--print-secret prints the one secret in force, or says why not', async () => {
    const printed = await runCli(['webhooks', 'listen', '--print-secret'], {
      env: {...env, PAYCTL_WEBHOOK_SECRET: 'whsec_from_env'},
    })
    expect(printed).toMatchObject({code: 0, stdout: 'whsec_from_env\n'})
    const none = await cliProcess('webhooks', 'listen', '--print-secret')
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('--print-secret: no signing secret')
    for (const url of ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b'])
      expect((await cli('webhooks', 'create', '--url', url)).code).toBe(0)
    const two = await cliProcess('webhooks', 'listen', '--print-secret')
    expect(two.code).toBe(2)
    expect(two.stderr).toContain('--print-secret: 2 secrets are stored in profile "local"')
  })

  it('webhooks verify without --secret uses the stored secret of the subscription that signed it', async () => {
    const created = JSON.parse((await cli('webhooks', 'create', '--url', 'http://127.0.0.1:9/other', '--json')).stdout)
    const mine = JSON.parse((await cli('webhooks', 'create', '--url', 'http://127.0.0.1:9/mine', '--json')).stdout)
    const file = join(home.dir, 'delivery.json')
    const body = '{"id":"c0ffee00-0000-4000-8000-000000000000","status":"created"}'
    writeFileSync(file, body)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = createHmac('sha256', mine.signingSecret).update(`${timestamp}.${body}`).digest('hex')
    const run = await cli('webhooks', 'verify', '--timestamp', timestamp, '--signature', signature, file)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(`(the stored secret of subscription ${mine.id})`)
    expect(run.stdout).not.toContain(created.id)

    const wrong = await cli('webhooks', 'verify', '--timestamp', timestamp, '--signature', 'a'.repeat(64), file)
    expect(wrong.code).toBe(1)
    expect(wrong.stdout).toContain('Not verified: the signature matches none of the 2 stored secrets')
    expect(wrong.stdout).toContain('"webhooks list" says which ones this profile stored')
    expect(wrong.stdout).not.toContain('shows them')
  })

  it('claim, faults, clock, reset: every control route from the CLI, with one clear line for bad input', async () => {
    const {body: payout} = await ctx.api.post('/api/v1/payout', {
      description: 'Claimed from the CLI',
      payoutAmount: '12.00',
      currency: 'USD',
      email: 'grace@example.com',
      preApproved: true,
    })
    const declined = await cli('emulator', 'claim', payout.id, '--method', 'bank-ach', '--fail')
    expect(declined.code, declined.stderr).toBe(0)
    expect(declined.stdout).toContain(`Claimed ${payout.id} with bank-ach SANDBOX FAIL Ada Lovelace`)
    expect(declined.stdout).toMatch(/: requested\n$/)
    const again = await cli(
      'emulator',
      'claim',
      `payout_${payout.id}`,
      '--method',
      'paypal',
      '--detail',
      'email=grace@example.org',
      '--json',
    )
    expect(JSON.parse(again.stdout)).toMatchObject({id: `payout_${payout.id}`, status: 'completed'})

    const badDetail = await cli('emulator', 'claim', payout.id, '--method', 'venmo', '--detail', 'iban=DE00')
    expect(badDetail).toMatchObject({code: 2})
    expect(badDetail.stderr).toContain('--detail iban is not a field of venmo; its fields are phone')

    const added = await cli(
      'emulator',
      'faults',
      'add',
      '--path',
      '/api/v2/payouts',
      '--method',
      'POST',
      '--action',
      'status',
      '--status',
      '503',
      '--count',
      '2',
    )
    expect(added.stdout).toBe('Added fault #1  POST /api/v2/payouts*  status 503  2 left\n')
    expect((await cli('emulator', 'faults', 'list', '--json')).stdout).toContain('"remaining": 2')
    expect((await cli('emulator', 'faults', 'add', '--path', '/x', '--action', 'status')).stderr).toContain(
      '--action status needs --status',
    )
    expect((await cli('emulator', 'faults', 'clear')).stdout).toBe('Cleared 1 fault.\n')

    const badDuration = await cli('emulator', 'clock', 'advance', '10 minutes')
    expect(badDuration.code).toBe(2)
    expect(badDuration.stderr).toContain('DURATION "10 minutes" is not a duration; use e.g. 90, 10s, 5m, 1h30m or 30d')
    const clock = JSON.parse((await cli('emulator', 'clock', 'advance', '1h30m', '--json')).stdout)
    expect(clock.offsetSeconds).toBe(5400)

    const unheard = await cli('emulator', 'trigger', 'payout.deleted')
    expect(unheard.stderr).toContain('The team has no webhook subscription, so nothing was delivered')

    const reset = await cli('emulator', 'reset')
    expect(reset.stdout).toMatch(/^Emulator reset: fresh seed, team 3f9a1c2e-/)
    expect((await control(ctx.url, 'GET', '/_emulator/clock')).offsetSeconds).toBe(0)
    expect((await ctx.api.get('/api/v1/payouts')).body).toEqual([])

    const remote = await runCli(['emulator', 'reset'], {env: {...env, PAYCTL_ORIGIN: 'https://api.example.com'}})
    expect(remote.code).toBe(2)
    expect(remote.stderr).toContain(
      'points at https://api.example.com; the emulator commands talk to a local emulator only',
    )
  }, 180_000)
})
