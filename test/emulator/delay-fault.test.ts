import {request} from 'undici'
import {expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {FULL, v2Item} from './helpers.js'

/**
 * A request held by a `delay` fault whose client gives up meanwhile is not applied, as a real service would not
 * apply a request whose sender went away; one whose client waits is applied as usual.
 */

const logs: string[] = []
const ctx = useEmulator({reset: false, log: line => logs.push(line)})

const fault = (delayMs: number) =>
  ctx.api.post('/_emulator/faults', {method: 'POST', path: '/api/v2/payouts', action: 'delay', delayMs}, {key: null})
const pendingFaults = async () => (await ctx.api.get('/_emulator/faults', {key: null})).body.data.length
const payoutCount = async () => (await ctx.api.get('/api/v2/payouts')).body.data.length

it('the client went away during the delay: the payout is not created, and the emulator says why', async () => {
  expect((await fault(1500)).status).toBe(200)
  const abort = new AbortController()
  const sent = request(new URL('/api/v2/payouts', ctx.url), {
    method: 'POST',
    headers: {authorization: `Bearer ${FULL}`, 'content-type': 'application/json'},
    body: JSON.stringify(v2Item({customId: 'held-and-abandoned'})),
    signal: abort.signal,
  }).catch(error => error as Error)
  // The fault has taken the request: it is being held now.
  while ((await pendingFaults()) > 0) await new Promise(resolve => setTimeout(resolve, 10))
  abort.abort()
  expect(await sent).toBeInstanceOf(Error)
  // Until the held request finished one way or the other: a line in the emulator's log, or a payout.
  while (!logs.length && (await payoutCount()) === 0) await new Promise(resolve => setTimeout(resolve, 20))
  // Said as what it is, not as an internal error of the emulator ("Error: aborted").
  expect(logs).toEqual(['emulator: POST /api/v2/payouts not applied: the client went away during the injected delay'])
  expect(await payoutCount()).toBe(0)
})

it('a client that waits out the delay gets its answer', async () => {
  expect((await fault(200)).status).toBe(200)
  const created = await ctx.api.post('/api/v2/payouts', v2Item({customId: 'held-and-waited'}))
  expect(created.status).toBe(200)
  expect(await payoutCount()).toBe(1)
})
