import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {type McpSession, ok, useMcpSessions} from './mcp-client.js'

const MARIA = {
  'first-name': 'Maria',
  'last-name': 'Rossi',
  email: 'maria@example.com',
  line1: 'Via Roma 1',
  city: 'Milano',
  'postal-code': '20121',
  country: 'IT',
  'payment-method': 'bank_iban',
  iban: 'IT60X0542811101000000123456',
  'payment-currency': 'EUR',
  'tax-id': 'RSSMRA85T10A562S',
  'date-of-birth': '1985-12-10',
}

/** What an agent may still change once a person may be looking at an approval page, and when no URL is handed out. */
describe('payctl mcp: the approval URL fixes what it covers', {timeout: 120_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()
  let session: McpSession | undefined

  it('refuses counterparties_update and counterparties_delete of the counterparty a payout under approval pays; others still change', async () => {
    session = await mcp([], {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url})
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
    // Deleting it would change what the page shows as much (issue 54, item 14).
    for (const naming of [{id: maria.data.id}, {'custom-id': 'maria'}]) {
      const refused = await session.call('counterparties_delete', naming)
      expect(refused.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED', exitCode: 5})
    }
    ok(await session.call('counterparties_get', {id: maria.data.id}))
    ok(await session.call('counterparties_delete', {id: other.data.id}))
  })

  it('hands out no approval URL it could not record first', async () => {
    const home = isolatedHome()
    // The record's folder cannot be made: a file stands where it goes.
    mkdirSync(home.env.PAYCTL_DATA_DIR, {recursive: true})
    writeFileSync(join(home.env.PAYCTL_DATA_DIR, 'mcp'), 'not a folder')
    session = await mcp([], {...home.env, PAYCTL_ORIGIN: ctx.emu.url})
    const created = ok(
      await session.call('payouts_create', {amount: '5.00', currency: 'EUR', description: 'x', email: 'a@example.com'}),
    )
    expect(created.approvalUrl).toBeUndefined()
    expect(created.warnings).toEqual([expect.stringContaining('the approval URL could not be recorded')])
    const minted = await session.call('sessions_approval', {payout: [created.data.id], 'redirect-url': ctx.emu.url})
    expect(minted.isError).toBe(true)
    expect(JSON.stringify(minted)).not.toContain('/session/')
  })
  it('changes nothing it could not check: the lookup of a customId failing (not "not found") refuses the update', async () => {
    session = await mcp([], {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url})
    const created = ok(
      await session.call('payouts_create', {
        amount: '10.00',
        currency: 'EUR',
        description: 'Licence',
        email: 'friend@example.com',
        'custom-id': 'licence-1',
      }),
    )
    expect(created.approvalUrl).toEqual(expect.any(String))
    // Every read of payouts fails while the update by customId is asked for (a service in trouble, a proxy).
    await ctx.api.post(
      '/_emulator/faults',
      {path: '/api/v2/payouts', method: 'GET', action: 'status', status: 503, count: 50},
      {key: null},
    )
    const refused = await session.call('payouts_update', {'custom-id': 'licence-1', amount: '60.00'})
    expect(refused.structuredContent?.error).toMatchObject({code: 'APPROVAL_UNCHECKED', exitCode: 7})
    await ctx.api.delete('/_emulator/faults', {key: null})
    const still = ok(await session.call('payouts_get', {id: [created.data.id]}))
    expect(still.data.amount).toBe('10.00')
  })

  it('a malformed id or customId is a usage error (exit 2), not a failure to check (exit 7)', async () => {
    session = await mcp([], {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url})
    const calls: Array<[string, Record<string, unknown>]> = [
      ['payouts_update', {id: 'payout_not-a-uuid', amount: '60.00'}],
      ['payouts_update', {id: '../../team', amount: '60.00'}],
      ['payouts_update', {'custom-id': 'bell\u0007', amount: '60.00'}],
      ['counterparties_update', {id: 'counterparty_123', email: 'new@example.com'}],
      ['counterparties_update', {'custom-id': 'esc\u001b[2J', email: 'new@example.com'}],
    ]
    for (const [tool, args] of calls) {
      const refused = await session.call(tool, args)
      expect(refused.isError, `${tool} ${JSON.stringify(args)}`).toBe(true)
      expect(refused.structuredContent?.error, `${tool} ${JSON.stringify(args)}`).toMatchObject({
        code: 'USAGE',
        exitCode: 2,
      })
    }
  })
})
