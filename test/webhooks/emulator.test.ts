import {createHmac} from 'node:crypto'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {ListenProcess, waitFor} from './listen-process.js'

/**
 * `payctl webhooks listen --register` against the emulator, both as a user runs them: the emulator delivers
 * real signed webhooks, the listener verifies and answers, the emulator's clock runs the retry schedule.
 */

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected freely in tests
type Json = any

interface Delivery {
  subscriptionId: string
  event: string
  attempt: number
  responseStatus: number | null
  scheduledAt: string
  sentAt: string | null
  body: Json
}

const IBAN = 'DE89370400440532013000'

describe('webhooks listen --register against the emulator', () => {
  const ctx = useEmulator()
  let listen: ListenProcess | undefined
  let env: Record<string, string>

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    const response = method === 'GET' ? await ctx.api.get(path) : await ctx.api.post(path, body)
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`)
    return response.body
  }

  const createPayout = (amount = '25.00') =>
    call('POST', '/api/v1/payout', {
      description: 'Royalties November',
      payoutAmount: amount,
      currency: 'EUR',
      email: 'ada@example.com',
    })
  const approve = (id: string) => call('POST', `/api/v2/payouts/payout_${id}/approve`)
  const claim = (id: string, accountHolderName = 'Ada Lovelace') =>
    call('POST', `/_emulator/payouts/${id}/claim`, {method: 'bank-iban', details: {accountHolderName, iban: IBAN}})
  const advance = (advanceSeconds: number) => call('POST', '/_emulator/clock', {advanceSeconds})
  const deliveries = async (): Promise<Delivery[]> => (await call('GET', '/_emulator/webhooks/deliveries')).data
  const subscriptions = async (): Promise<Json[]> => call('GET', '/api/v1/webhook')

  const register = async (...args: string[]) => {
    listen = await ListenProcess.start(['--register', '--json', ...args], env)
    return listen
  }

  beforeEach(() => {
    env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.url, PAYCTL_API_KEY: LOCAL_EMULATOR.fullKey}
  })
  afterEach(() => listen?.kill())

  it('a payout created, approved, claimed and settled arrives as four verified deliveries in order; SIGTERM removes the subscription', async () => {
    const app = await new FakeServer().start()
    try {
      app.fallback = (_req, res) => json(res, 200, {ok: true})
      const listener = await register('--forward-to', `${app.origin}/webhooks`)
      const [subscription] = await subscriptions()
      expect(subscription).toMatchObject({targetUrl: listener.url, eventType: 'payout'})
      expect(listener.secret).toMatch(/^whsec_/)

      const payout = await createPayout()
      await approve(payout.id)
      await claim(payout.id)
      const lines = (await listener.waitForLines(5)).map(line => JSON.parse(line))
      expect(lines.map(d => d.status)).toEqual(['created', 'approved', 'requested', 'completed', 'payout.completed'])
      for (const line of lines) {
        expect(line).toMatchObject({
          verified: true,
          payoutId: line.status === 'payout.completed' ? `payout_${payout.id}` : payout.id,
          amount: '25.00',
          currency: 'EUR',
          response: 200,
        })
        expect(line.forward).toEqual({url: `${app.origin}/webhooks`, status: 200})
      }
      const log = await deliveries()
      expect(log.map(d => [d.event, d.attempt, d.responseStatus])).toEqual([
        ['payout.created', 1, 200],
        ['payout.approved', 1, 200],
        ['payout.requested', 1, 200],
        ['payout.completed', 1, 200],
        ['payout.completed', 1, 200],
      ])
      expect(lines.map(d => d.body)).toEqual(log.map(d => d.body))

      // The app got the original bytes and headers: its own check (node:crypto) with the printed secret passes.
      expect(app.requests).toHaveLength(5)
      for (const forwarded of app.requests) {
        const timestamp = forwarded.headers['x-service-timestamp'] as string
        const expected = createHmac('sha256', listener.secret!).update(`${timestamp}.${forwarded.body}`).digest('hex')
        expect(forwarded.headers['x-service-signature']).toBe(expected)
      }

      expect(await listener.stop('SIGTERM')).toBe(0)
      expect(listener.stderr).toContain(`Deleted webhook subscription ${subscription.id}.`)
      expect(await subscriptions()).toEqual([])
    } finally {
      await app.stop()
    }
  })

  it('--respond-with 500,500,200: two retries after 10 s and 20 s of emulator time, then delivered', async () => {
    const listener = await register('--respond-with', '500,500,200')
    const payout = await createPayout()
    await listener.waitForLines(1)
    await advance(10)
    await listener.waitForLines(2)
    await advance(20)
    const lines = (await listener.waitForLines(3)).map(line => JSON.parse(line))
    expect(lines.map(d => [d.status, d.payoutId, d.verified, d.response])).toEqual([
      ['created', payout.id, true, 500],
      ['created', payout.id, true, 500],
      ['created', payout.id, true, 200],
    ])
    const log = await deliveries()
    expect(log.map(d => [d.event, d.attempt, d.responseStatus])).toEqual([
      ['payout.created', 1, 500],
      ['payout.created', 2, 500],
      ['payout.created', 3, 200],
    ])
    const gap = (later: Delivery, earlier: Delivery) =>
      (Date.parse(later.scheduledAt) - Date.parse(earlier.sentAt!)) / 1000
    expect(gap(log[1], log[0])).toBe(10)
    expect(gap(log[2], log[1])).toBe(20)
  })

  it('--respond-with 410: the emulator deletes the subscription and does not retry', async () => {
    const listener = await register('--respond-with', '410')
    await createPayout()
    expect(JSON.parse((await listener.waitForLines(1))[0])).toMatchObject({status: 'created', response: 410})
    await advance(6000)
    expect((await deliveries()).map(d => [d.attempt, d.responseStatus])).toEqual([[1, 410]])
    expect(await subscriptions()).toEqual([])
    expect(await listener.stop('SIGINT')).toBe(130)
    expect(listener.stderr).toMatch(/was already gone \(the service deletes it after a 410 answer\)/)
    expect(listener.lines).toHaveLength(1)
  })

  it('--respond-with 429,200: retried after 60 s of emulator time', async () => {
    const listener = await register('--respond-with', '429,200')
    await createPayout()
    await listener.waitForLines(1)
    await advance(59)
    const pending = await deliveries()
    expect(pending.map(d => [d.attempt, d.responseStatus, d.sentAt === null])).toEqual([
      [1, 429, false],
      [2, null, true],
    ])
    expect((Date.parse(pending[1].scheduledAt) - Date.parse(pending[0].sentAt!)) / 1000).toBe(60)
    await advance(1)
    const lines = (await listener.waitForLines(2)).map(line => JSON.parse(line))
    expect(lines.map(d => d.response)).toEqual([429, 200])
    expect((await deliveries()).map(d => [d.attempt, d.responseStatus])).toEqual([
      [1, 429],
      [2, 200],
    ])
  })

  it('a failure-trigger claim produces no completed delivery but payout.failed; human lines show each verified event', async () => {
    listen = await ListenProcess.start(['--register'], env)
    const payout = await createPayout('40.5')
    await approve(payout.id)
    await claim(payout.id, 'SANDBOX FAIL Ada')
    const lines = await listen.waitForLines(4)
    const log = await deliveries()
    expect(log.map(d => d.event)).toEqual(['payout.created', 'payout.approved', 'payout.requested', 'payout.failed'])
    expect(lines.map(line => line.split(/\s+/)[1])).toEqual(['created', 'approved', 'requested', 'payout.failed'])
    for (const line of lines.slice(0, 3))
      expect(line).toMatch(new RegExp(`  ${payout.id}  +40\\.50 EUR  -> 200  verified$`))
    expect(lines[3]).toMatch(new RegExp(`  payout_${payout.id}  +40\\.50 EUR  -> 200  verified$`))
    expect(await listen.stop('SIGTERM')).toBe(0)
    expect(listen.lines).toHaveLength(4)
    expect(await subscriptions()).toEqual([])
  })

  it('rejects a delivery signed for another subscription with 401, which the emulator does not retry', async () => {
    const other = await call('POST', '/api/v1/webhook', {targetUrl: 'http://127.0.0.1:9/unused', eventType: 'payout'})
    // A listener that knows only another subscription's secret, subscribed by hand.
    listen = await ListenProcess.start(['--json', '--secret', other.signingSecret], env)
    await call('POST', '/api/v1/webhook', {targetUrl: listen.url, eventType: 'payout'})
    await createPayout()
    const listener = listen
    const line = JSON.parse(
      await waitFor(() => listener.lines.find(l => JSON.parse(l).response === 401), 'a rejected delivery'),
    )
    expect(line).toMatchObject({verified: false, reason: 'signature_mismatch', status: 'created'})
    const log = await deliveries()
    const mine = log.filter(d => d.responseStatus === 401)
    expect(mine.map(d => d.attempt)).toEqual([1])
  })
})
