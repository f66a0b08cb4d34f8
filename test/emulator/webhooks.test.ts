import {timingSafeEqual} from 'node:crypto'
import {afterEach, describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, hmacHex, OTHER, startReceiver} from './helpers.js'

/** Spec section 6: webhook events, signatures and the retry schedule. */
describe('spec 6: webhook events', () => {
  const ctx = useEmulator()
  const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = []
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close()
  })

  async function subscribe(statuses: number[] = [200], key?: string, events?: string[]) {
    const receiver = await startReceiver(statuses)
    receivers.push(receiver)
    const body = {targetUrl: receiver.url, eventType: 'payout', ...(events ? {events} : {})}
    const res = await ctx.api.post('/api/v1/webhook', body, {key})
    expect(res.status, res.text).toBe(200)
    return {receiver, subscription: res.body}
  }

  it('a subscription that asks for v2 events gets every v1 status change in order as the v1 payout body plus message, then the v2 payout.completed event; a plain one gets the v1 bodies only', async () => {
    const {receiver} = await subscribe([200], undefined, ['payout.completed', 'payout.failed'])
    const plain = await subscribe()
    const payout = await ctx.api.v1Create({customId: 'hook-1', preApproved: true})
    await ctx.api.claim(payout.id, 'bank-iban', {accountHolderName: 'Ada Lovelace', iban: 'DE89370400440532013000'})
    const log = await ctx.api.deliveries()
    expect(log.filter((d: Body) => d.url === receiver.url).map((d: Body) => [d.event, d.version])).toEqual([
      ['payout.created', 1],
      ['payout.approved', 1],
      ['payout.requested', 1],
      ['payout.completed', 1],
      ['payout.completed', 2],
    ])
    const bodies = receiver.received.map(r => JSON.parse(r.body))
    expect(bodies.slice(0, 4).map(b => b.status)).toEqual(['created', 'approved', 'requested', 'completed'])
    const current = await ctx.api.get(`/api/v1/payout/${payout.id}`)
    expect(current.body.url).toBe(`${ctx.api.url}/links/claim/${payout.id}`)
    expect(bodies[3]).toEqual({
      ...current.body,
      message: `Payout hook-1 of ${current.body.amount} ${current.body.currency} to ${current.body.creatorHandle} is completed.`,
    })
    const plainBodies = plain.receiver.received.map(r => JSON.parse(r.body))
    expect(plainBodies.map(b => b.status)).toEqual(['created', 'approved', 'requested', 'completed'])
    expect(plainBodies.some(b => 'object' in b)).toBe(false)
    for (const b of plainBodies)
      expect(Object.keys(b)).toEqual(expect.arrayContaining(['customId', 'uuid', 'status', 'message', 'url']))
    const v2 = await ctx.api.get(`/api/v2/payouts/payout_${payout.id}`)
    expect(bodies[4]).toEqual({
      object: 'event',
      id: expect.stringMatching(/^evt_[0-9a-f-]{36}$/),
      type: 'payout.completed',
      createdAt: v2.body.completedAt,
      data: v2.body,
    })
    for (const received of receiver.received) {
      expect(received.headers['content-type']).toBe('application/json')
      expect(received.body).not.toContain('null')
    }
  })

  it('deliveries are signed: X-Service-Signature is the hex HMAC-SHA256 of timestamp.body, X-Service-Timestamp the emulator clock in seconds', async () => {
    const {receiver, subscription} = await subscribe()
    await ctx.api.advance(5000)
    const before = Date.parse((await ctx.api.get('/_emulator/clock', {key: null})).body.now)
    await ctx.api.v1Create()
    await ctx.api.deliveries()
    const after = Date.parse((await ctx.api.get('/_emulator/clock', {key: null})).body.now)
    const [delivery] = receiver.received
    const timestamp = String(delivery.headers['x-service-timestamp'])
    const signature = String(delivery.headers['x-service-signature'])
    expect(Number(timestamp)).toBeGreaterThanOrEqual(Math.floor(before / 1000))
    expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(after / 1000))
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    const expected = hmacHex(subscription.signingSecret, timestamp, delivery.body)
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true)
    expect(hmacHex('whsec_wrong', timestamp, delivery.body)).not.toBe(signature)
  })

  it('a deleted payout emits an event whose status is deleted; an expired one emits expired', async () => {
    const {receiver} = await subscribe()
    const deleted = await ctx.api.v1Create()
    await ctx.api.delete(`/api/v1/payout/${deleted.id}`)
    const expiring = await ctx.api.v1Create()
    await ctx.api.advance(31 * 86_400)
    await ctx.api.deliveries()
    const events = receiver.received
      .map(r => JSON.parse(r.body))
      .map(b => `${b.id === deleted.id ? 'd' : 'e'}:${b.status}`)
    expect(events).toEqual(['d:created', 'd:deleted', 'e:created', 'e:expired'])
    expect(expiring.id).not.toBe(deleted.id)
  })

  it('a failure scenario emits no completed event, but the v2 payout.failed event with failureCode and failureReason', async () => {
    const {receiver} = await subscribe([200], undefined, ['payout.failed'])
    const payout = await ctx.api.v1Create({preApproved: true})
    await ctx.api.claim(payout.id, 'crypto', {address: '0x000000000000000000000000000000000000dEaD'})
    await ctx.api.deliveries()
    const bodies = receiver.received.map(r => JSON.parse(r.body))
    expect(bodies.slice(0, 3).map(b => b.status)).toEqual(['created', 'approved', 'requested'])
    expect(bodies).toHaveLength(4)
    const v2 = (await ctx.api.get(`/api/v2/payouts/payout_${payout.id}`)).body
    expect(v2).toMatchObject({status: 'failed', failureCode: 'invalid_destination'})
    expect(bodies[3]).toMatchObject({object: 'event', type: 'payout.failed', data: v2})
    expect(bodies[3].data.failureReason).toBe('The network rejected the transfer to this wallet address.')
  })

  it('5xx is retried up to 10 times after 10, 20, 40, ... 5120 seconds of the emulator clock', async () => {
    const {receiver} = await subscribe([500])
    await ctx.api.v1Create()
    let log = await ctx.api.deliveries()
    expect(log.filter((d: Body) => d.sentAt)).toHaveLength(1)
    const delays = [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120]
    for (const [index, delay] of delays.entries()) {
      await ctx.api.advance(delay - 1)
      expect(receiver.received).toHaveLength(index + 1)
      await ctx.api.advance(1)
      expect(receiver.received).toHaveLength(index + 2)
    }
    await ctx.api.advance(100_000)
    expect(receiver.received).toHaveLength(11)
    log = await ctx.api.deliveries()
    expect(log.map((d: Body) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(log.every((d: Body) => d.responseStatus === 500)).toBe(true)
    for (let i = 1; i < log.length; i++)
      expect(Date.parse(log[i].scheduledAt) - Date.parse(log[i - 1].sentAt)).toBe(delays[i - 1] * 1000)
    expect(new Set(receiver.received.map(r => r.body)).size).toBe(1)
  })

  it('429 is retried after 60 seconds', async () => {
    const {receiver} = await subscribe([429, 200])
    await ctx.api.v1Create()
    await ctx.api.deliveries()
    await ctx.api.advance(59)
    expect(receiver.received).toHaveLength(1)
    await ctx.api.advance(1)
    expect(receiver.received).toHaveLength(2)
    const log = await ctx.api.deliveries()
    expect(log.map((d: Body) => d.responseStatus)).toEqual([429, 200])
  })

  it('410 deletes the subscription automatically, with no retry', async () => {
    const {receiver} = await subscribe([410])
    await ctx.api.v1Create()
    await ctx.api.deliveries()
    expect((await ctx.api.get('/api/v1/webhook')).body).toEqual([])
    await ctx.api.v1Create()
    await ctx.api.advance(10_000)
    expect(receiver.received).toHaveLength(1)
  })

  it('other 4xx answers are not retried', async () => {
    const {receiver} = await subscribe([400, 200])
    await ctx.api.v1Create()
    await ctx.api.advance(10_000)
    expect(receiver.received).toHaveLength(1)
    const log = await ctx.api.deliveries()
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({attempt: 1, responseStatus: 400, error: 'HTTP 400'})
    expect((await ctx.api.get('/api/v1/webhook')).body).toHaveLength(1)
  })

  it('an unreachable receiver counts as a failed attempt and is retried like a 5xx', async () => {
    const receiver = await startReceiver()
    await receiver.close()
    await ctx.api.post('/api/v1/webhook', {targetUrl: receiver.url})
    await ctx.api.v1Create()
    const log = await ctx.api.deliveries()
    expect(log[0].responseStatus).toBeNull()
    expect(log[0].error).toMatch(/ECONNREFUSED/)
    expect(log[1]).toMatchObject({attempt: 2, sentAt: null})
  })

  it('per subscription, deliveries go out in order: a later event waits until the earlier one is delivered', async () => {
    const {receiver} = await subscribe([500, 200])
    const payout = await ctx.api.v1Create()
    await ctx.api.post(`/api/v2/payouts/payout_${payout.id}/approve`)
    await ctx.api.deliveries()
    expect(receiver.received.map(r => JSON.parse(r.body).status)).toEqual(['created'])
    await ctx.api.advance(10)
    expect(receiver.received.map(r => JSON.parse(r.body).status)).toEqual(['created', 'created', 'approved'])
  })

  it('events go only to the subscriptions of the payout team', async () => {
    const mine = await subscribe()
    const theirs = await subscribe([200], OTHER)
    await ctx.api.v1Create()
    await ctx.api.deliveries()
    expect(mine.receiver.received).toHaveLength(1)
    expect(theirs.receiver.received).toHaveLength(0)
  })

  it('GET /_emulator/webhooks/deliveries lists attempts oldest first with id, subscriptionId, url, event, attempt, responseStatus, scheduledAt, sentAt', async () => {
    const {receiver, subscription} = await subscribe()
    await ctx.api.v1Create()
    const [entry] = await ctx.api.deliveries()
    expect(entry).toMatchObject({
      id: expect.any(String),
      subscriptionId: subscription.id,
      url: receiver.url,
      event: 'payout.created',
      attempt: 1,
      responseStatus: 200,
      scheduledAt: expect.any(String),
      sentAt: expect.any(String),
    })
    expect(entry.error).toBeUndefined()
  })
})
