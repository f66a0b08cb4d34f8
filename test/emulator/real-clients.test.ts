import {request} from 'undici'
import {describe, expect, it} from 'vitest'
import {errorEnvelopeSchema} from '../../src/contract/error-envelope.js'
import {payoutV1Schema, payoutV2Schema, webhookSubscriptionSchema} from '../../src/contract/responses.js'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, counterpartyBody, expectError, FULL, v2Item} from './helpers.js'

/**
 * Replays of the real service's public clients (its n8n node and its founder's agent skill; DESIGN.md, "Living
 * with a service we cannot reach") against the emulator, as raw HTTP the way those clients send it: they name
 * fields our client never sends, the real service's currencies and payout types, and an environment.
 */

/** One request as the n8n node's HTTP helper sends it: JSON, a Bearer key, its own user agent. */
async function n8n(url: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) {
  const response = await request(new URL(path, url), {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${FULL}`,
      'content-type': 'application/json',
      'user-agent': 'n8n',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.body.text()
  return {status: response.statusCode, body: (text ? JSON.parse(text) : undefined) as Body, text}
}

const payoutV1 = {description: 'Video sponsorship', payoutAmount: '25.00', currency: 'EUR', email: 'ada@example.com'}

describe('replays of the real service clients', () => {
  const ctx = useEmulator()
  const send = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => n8n(ctx.emu.url, method, path, body)
  /** The n8n trigger's subscription call. */
  const subscribe = (environment: string) =>
    send('POST', '/api/v1/webhook', {targetUrl: 'https://n8n.example/webhook/abc', eventType: 'payout', environment})

  it('the n8n trigger subscribes with {targetUrl, eventType: "payout", environment: "sandbox"}', async () => {
    const res = await subscribe('sandbox')
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({targetUrl: 'https://n8n.example/webhook/abc', eventType: 'payout'})
    expect(res.body.signingSecret).toMatch(/^whsec_/)
    expect(webhookSubscriptionSchema.safeParse(res.body).success).toBe(true)
  })

  it('a webhook for the other environment is refused naming environment, and nothing is stored', async () => {
    const res = await subscribe('production')
    expect(res.status, res.text).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details).toEqual([
      {path: 'environment', message: expect.stringContaining('this origin is the sandbox')},
    ])
    expect((await send('GET', '/api/v1/webhook')).body).toEqual([])
  })

  it.each(['EUR', 'USD', 'CHF', 'GBP'])('v1 and v2 payouts in %s are created', async currency => {
    const v1 = await send('POST', '/api/v1/payout', {...payoutV1, currency, customId: `v1-${currency}`})
    expect(v1.status, v1.text).toBe(200)
    expect(v1.body).toMatchObject({currency, amount: '25.00', action: 'created'})
    const v2 = await send('POST', '/api/v2/payouts', v2Item({currency}))
    expect(v2.status, v2.text).toBe(200)
    expect(payoutV2Schema.safeParse(v2.body).success).toBe(true)
  })

  it('a CHF payout is paid from a CHF account, opened empty and funded by a sandbox deposit', async () => {
    const payout = (await send('POST', '/api/v1/payout', {...payoutV1, currency: 'CHF'})).body
    const short = await send('POST', `/api/v2/payouts/payout_${payout.id}/approve`)
    expect(short.status, short.text).toBe(422)
    expect(short.body.error.code).toBe('INSUFFICIENT_BALANCE')
    const deposit = await send('POST', '/api/v2/team/sandbox-deposit', {currency: 'CHF', amount: '100.00'})
    expect(deposit.status, deposit.text).toBe(200)
    const approved = await send('POST', `/api/v2/payouts/payout_${payout.id}/approve`)
    expect(approved.status, approved.text).toBe(200)
    const accounts = (await send('GET', '/api/v2/accounts')).body.data as Body[]
    expect(accounts.find(account => account.currency === 'CHF').balance).toMatchObject({reserved: '25.00'})
  })

  it('payoutType "advance" is taken and kept', async () => {
    const res = await send('POST', '/api/v1/payout', {
      ...payoutV1,
      creatorHandle: '@channel',
      verificationMethod: 'youtube-channel',
      payoutType: 'advance',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.payoutType).toBe('advance')
    expect(payoutV1Schema.safeParse(res.body).success).toBe(true)
  })

  it('the smallest amount is 0.1; below it the answer names the amount', async () => {
    expect((await send('POST', '/api/v1/payout', {...payoutV1, payoutAmount: '0.10'})).status).toBe(200)
    const small = await send('POST', '/api/v2/payouts', v2Item({amount: '0.09'}))
    expect(small.status).toBe(400)
    expect(small.body.error.details[0]).toMatchObject({path: 'amount', message: expect.stringContaining('0.1')})
    expect(errorEnvelopeSchema.safeParse(small.body).success).toBe(true)
  })

  it('the emulator keeps its own ceiling as the service decision: 2000000000 is refused naming the amount', async () => {
    const big = await send('POST', '/api/v2/payouts', v2Item({amount: '2000000000'}))
    expect(big.status).toBe(400)
    expect(big.body.error.details[0].path).toBe('amount')
  })
})

describe('request fields the spec does not show are ignored on every route, never refused', () => {
  const ctx = useEmulator()
  const extra = {source: 'n8n', workflowId: 'wf_1', nested: {anything: true}}

  it('v1 payout, webhook, team and sessions', async () => {
    const payout = await ctx.api.v1Create({...extra, customId: 'extra-v1'})
    expect(payout).not.toHaveProperty('source')
    expect((await ctx.api.post('/api/v1/webhook', {targetUrl: 'https://x.example/h', ...extra})).status).toBe(200)
    const team = await ctx.api.patch('/api/v1/team', {dac7ReportingRequired: true, ...extra})
    expect(team.status, team.text).toBe(200)
    const session = await ctx.api.post('/api/v1/session/kyb', {redirectUrl: 'https://x.example', ...extra})
    expect(session.status, session.text).toBe(200)
  })

  it('v2 payouts: create, batch, patch, approve, pay and send-claim-link', async () => {
    const created = await ctx.api.post(
      '/api/v2/payouts',
      v2Item({...extra, recipient: {type: 'email', email: 'a@b.co', name: 'A'}}),
    )
    expect(created.status, created.text).toBe(200)
    expect(created.body).not.toHaveProperty('source')
    expect(created.body.recipient).toEqual({type: 'email', email: 'a@b.co'})
    const batch = await ctx.api.post('/api/v2/payouts/batch', {items: [v2Item(extra)], ...extra})
    expect(batch.status, batch.text).toBe(200)
    const id = created.body.id
    expect((await ctx.api.patch(`/api/v2/payouts/${id}`, {description: 'Changed', ...extra})).status).toBe(200)
    expect((await ctx.api.post(`/api/v2/payouts/${id}/send-claim-link`, extra)).status).toBe(200)
    const counterparty = await ctx.api.counterparty()
    const direct = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    expect((await ctx.api.post(`/api/v2/payouts/${direct.id}/approve`, {...extra})).status).toBe(200)
    const paid = await ctx.api.post(`/api/v2/payouts/${direct.id}/pay`, extra)
    expect(paid.status, paid.text).toBe(200)
  })

  it('v2 counterparties and the sandbox deposit', async () => {
    const body = counterpartyBody({
      ...extra,
      identity: {type: 'individual', firstName: 'G', lastName: 'H', title: 'Dr'},
    })
    const created = await ctx.api.post('/api/v2/counterparties', body)
    expect(created.status, created.text).toBe(200)
    expect(created.body.identity).toEqual({type: 'individual', firstName: 'G', lastName: 'H'})
    const patched = await ctx.api.patch(`/api/v2/counterparties/${created.body.id}`, {email: 'g@h.example', ...extra})
    expect(patched.status, patched.text).toBe(200)
    const deposit = await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '1.00', ...extra})
    expect(deposit.status, deposit.text).toBe(200)
  })

  it("the emulator's own control routes stay strict: a typo there is refused", async () => {
    expectError(
      await ctx.api.post('/_emulator/clock', {advanceSecond: 5}, {key: null}),
      400,
      'VALIDATION_ERROR',
      'advanceSecond',
    )
  })
})

describe('ids, customIds and descriptions: no control characters; customIds in NFC', () => {
  const ctx = useEmulator()

  it.each([
    ['NUL in a description', '/api/v2/payouts', v2Item({description: 'a\u0000b'}), 'description'],
    ['ESC in a customId', '/api/v2/payouts', v2Item({customId: 'x\u001b[31m'}), 'customId'],
    ['C1 in a v1 description', '/api/v1/payout', {...payoutV1, description: 'a\u0085b'}, 'description'],
    ['newline in a v1 customId', '/api/v1/payout', {...payoutV1, customId: 'a\nb'}, 'customId'],
    ['DEL in a counterparty customId', '/api/v2/counterparties', counterpartyBody({customId: 'c\u007f'}), 'customId'],
  ])('%s is a VALIDATION_ERROR naming the field', async (_label, path, body, field) => {
    const res = await ctx.api.post(path, body)
    expectError(res, 400, 'VALIDATION_ERROR', field)
    expect(res.body.error.details[0].message).toMatch(/control characters \(found U\+00[0-9A-F]{2}/)
  })

  it('a control character in a path id is a VALIDATION_ERROR naming id', async () => {
    const paths = ['/api/v2/payouts/abc%1Bdef', '/api/v2/counterparties/abc%00', '/api/v1/payout/abc%07']
    for (const path of paths)
      expectError(await ctx.api.get(path, {query: {id_type: 'custom_id'}}), 400, 'VALIDATION_ERROR', 'id')
  })

  it('the NFD and NFC forms of a customId are one id', async () => {
    const nfd = 'cafe\u0301-42'
    const nfc = 'caf\u00e9-42'
    const created = await ctx.api.v2Create({customId: nfd})
    expect(created.customId).toBe(nfc)
    expect((await ctx.api.get(`/api/v2/payouts/${encodeURIComponent(nfc)}`)).body.id).toBe(created.id)
    expect((await ctx.api.get(`/api/v2/payouts/${encodeURIComponent(nfd)}`)).body.id).toBe(created.id)
    expectError(await ctx.api.post('/api/v2/payouts', v2Item({customId: nfc})), 409, 'INVALID_STATE')
    const v1 = await ctx.api.v1Create({customId: 'na\u0303o'})
    const again = await ctx.api.post('/api/v1/payout', {...payoutV1, customId: '\u006e\u00e3o'})
    expect(again.body).toMatchObject({id: v1.id, action: 'updated'})
  })
})
