import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {type McpSession, ok, startMcp} from './mcp-client.js'

const MARIA = {
  'first-name': 'Maria',
  'last-name': 'Rossi',
  email: 'maria@example.com',
  line1: 'Via Roma 1',
  city: 'Milano',
  'postal-code': '20121',
  country: 'IT',
}

/** What an agent may still change once a person may be looking at an approval page, and when no URL is handed out. */
describe('payctl mcp: the approval URL fixes what it covers', {timeout: 120_000}, () => {
  const ctx = useEmulator()
  let session: McpSession | undefined
  afterEach(async () => {
    await session?.close()
    session = undefined
  })

  it('refuses counterparties_update of the counterparty a payout under approval pays; others still change', async () => {
    session = await startMcp([], {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url})
    const maria = ok(await session.call('counterparties_create', {...MARIA, 'custom-id': 'maria'}))
    const other = ok(await session.call('counterparties_create', {...MARIA, 'custom-id': 'other'}))
    const created = ok(
      await session.call('payouts_create', {
        amount: '10.00',
        currency: 'EUR',
        description: 'Licence',
        counterparty: maria.data.id,
      }),
    )
    expect(created.approvalUrl).toEqual(expect.any(String))
    for (const naming of [{id: maria.data.id}, {'custom-id': 'maria'}]) {
      const refused = await session.call('counterparties_update', {...naming, email: 'attacker@evil.example'})
      expect(refused.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED', exitCode: 5})
    }
    const still = ok(await session.call('counterparties_get', {id: maria.data.id}))
    expect(JSON.stringify(still.data)).not.toContain('attacker@evil.example')
    const changed = ok(await session.call('counterparties_update', {id: other.data.id, email: 'new@example.com'}))
    expect(JSON.stringify(changed.data)).toContain('new@example.com')
  })

  it('hands out no approval URL it could not record first', async () => {
    const home = isolatedHome()
    // The record's folder cannot be made: a file stands where it goes.
    mkdirSync(home.env.PAYCTL_DATA_DIR, {recursive: true})
    writeFileSync(join(home.env.PAYCTL_DATA_DIR, 'mcp'), 'not a folder')
    session = await startMcp([], {...home.env, PAYCTL_ORIGIN: ctx.emu.url})
    const created = ok(
      await session.call('payouts_create', {amount: '5.00', currency: 'EUR', description: 'x', email: 'a@example.com'}),
    )
    expect(created.approvalUrl).toBeUndefined()
    expect(created.warnings).toEqual([expect.stringContaining('the approval URL could not be recorded')])
    const minted = await session.call('sessions_approval', {payout: [created.data.id], 'redirect-url': ctx.emu.url})
    expect(minted.isError).toBe(true)
    expect(JSON.stringify(minted)).not.toContain('/session/')
  })
})

/** A service whose reads lag behind its writes (a replica): the payout just created is not found by a GET yet. */
describe('payctl mcp: an update is refused by the id given, before any lookup', {timeout: 120_000}, () => {
  const server = new FakeServer()
  const ID = 'payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'
  const payout = (amount: string) => ({
    id: ID,
    status: 'created',
    amount,
    currency: 'EUR',
    description: 'Mixing',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  })
  beforeAll(async () => {
    server.fallback = (req, res) => {
      if (req.method === 'POST' && req.url.startsWith('/api/v2/payouts')) return json(res, 201, payout('10.00'))
      if (req.method === 'POST' && req.url.startsWith('/api/v1/session/approval'))
        return json(res, 200, {url: `${server.origin}/session/approval?token=t`})
      if (req.method === 'PATCH') return json(res, 200, payout('60.00'))
      return json(res, 404, {error: {code: 'PAYOUT_NOT_FOUND', message: 'no such payout'}})
    }
    await server.start()
  })
  afterAll(() => server.stop())
  let session: McpSession | undefined
  afterEach(async () => {
    await session?.close()
  })

  it('payouts_update of a payout under approval is refused although the service does not find it', async () => {
    const env = {...isolatedHome().env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_lagging0123'}
    session = await startMcp([], env)
    const created = ok(
      await session.call('payouts_create', {
        amount: '10.00',
        currency: 'EUR',
        description: 'x',
        email: 'a@example.com',
      }),
    )
    expect(created.approvalUrl).toEqual(expect.any(String))
    const refused = await session.call('payouts_update', {id: ID, amount: '60.00'})
    expect(refused.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED'})
    expect(server.requests.filter(req => req.method === 'PATCH')).toEqual([])
  })
})
