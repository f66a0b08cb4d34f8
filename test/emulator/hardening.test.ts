import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {request} from 'undici'
import {describe, expect, it} from 'vitest'
import {startEmulator} from '../../src/emulator/index.js'
import {openDatabase} from '../../src/emulator/store/sqlite-driver.js'
import {useEmulator} from '../helpers/emulator.js'
import {rawGet} from '../helpers/raw-request.js'
import {expectError, FULL, v2Item} from './helpers.js'

/** Client input never hurts the emulator: bounded control values, JSON only, bounded amounts, hashed keys. */

const ctx = useEmulator()

async function send(path: string, body: string, contentType?: string) {
  const headers: Record<string, string> = {authorization: `Bearer ${FULL}`}
  if (contentType) headers['content-type'] = contentType
  const res = await request(`${ctx.emu.url}${path}`, {method: 'POST', headers, body})
  return {status: res.statusCode, body: (await res.body.json()) as {error: {code: string; message: string}}}
}

describe('emulator input hardening', () => {
  it('a clock advance out of range is a 400 and does not poison later requests', async () => {
    for (const advanceSeconds of [9_000_000_000_000, 1e308, 3_153_600_001])
      expectError(await ctx.api.post('/_emulator/clock', {advanceSeconds}, {key: null}), 400, 'VALIDATION_ERROR')
    expect((await ctx.api.get('/api/v1/team')).status).toBe(200)
    expect((await ctx.api.v2Create()).status).toBe('created')
    const clock = await ctx.api.get('/_emulator/clock', {key: null})
    expect(clock.body.offsetSeconds).toBe(0)
    expect((await ctx.api.post('/_emulator/clock', {advanceSeconds: 86_400}, {key: null})).status).toBe(200)
  })

  it.each([
    ['text/plain', 'text/plain'],
    ['no content type', undefined],
    ['text/html', 'text/html; charset=utf-8'],
  ])('a JSON body sent as %s is refused with 415 and not applied', async (_name, contentType) => {
    const res = await send('/api/v2/payouts', JSON.stringify(v2Item()), contentType)
    expect(res.status).toBe(415)
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toEqual([])
  })

  it('application/json with a charset and +json types are accepted', async () => {
    expect((await send('/api/v2/payouts', JSON.stringify(v2Item()), 'application/json; charset=utf-8')).status).toBe(
      200,
    )
    expect((await send('/api/v2/payouts', JSON.stringify(v2Item()), 'application/merge-patch+json')).status).toBe(200)
  })

  it.each([
    ['/api/v2/payouts', v2Item({amount: '99999999999999999999999999999999.99'})],
    ['/api/v2/payouts', v2Item({amount: '1000000000.01'})],
    ['/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '100000000000000000000000000'}],
  ])('%s refuses an amount above the bound with 400', async (path, body) => {
    const res = await ctx.api.post(path, body)
    expectError(res, 400, 'VALIDATION_ERROR', 'amount')
  })

  it('the largest amount, 1000000000, is accepted', async () => {
    expect((await ctx.api.post('/api/v2/payouts', v2Item({amount: '1000000000.00'}))).status).toBe(200)
  })

  it('request-targets that a URL parser would read as another host or no path are a 404 or 400, never a 500', async () => {
    for (const target of ['//%00', '//', '//x/api/v1/team', '/hosted/..//%00'])
      expect((await rawGet(ctx.emu.url, target)).status, target).toBe(404)
    expect((await rawGet(ctx.emu.url, 'http://127.0.0.1/api/v1/team')).status).toBe(400)
    expect((await ctx.api.get('/api/v1/team')).status).toBe(200)
  })

  it('a body above 5 MiB is a 413', async () => {
    const res = await send('/api/v2/payouts', `"${'x'.repeat(5 * 1024 * 1024 + 10)}"`, 'application/json')
    expect(res.status).toBe(413)
  })
})

describe('API keys at rest', () => {
  it('the database holds digests of the API keys, never the keys; webhook secrets stay readable', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'payctl-emu-')), 'emulator.db')
    const emu = await startEmulator({port: 0, dataFile: file})
    try {
      const res = await request(`${emu.url}/api/v1/webhook`, {
        method: 'POST',
        headers: {authorization: `Bearer ${FULL}`, 'content-type': 'application/json'},
        body: JSON.stringify({targetUrl: 'https://hooks.example.com/x'}),
      })
      const created = (await res.body.json()) as {signingSecret: string}
      expect(res.statusCode).toBe(200)
      // Read through the store's own driver: node:sqlite on Node 24, better-sqlite3 on Node 20.
      const db = openDatabase(file)
      try {
        const keys = db.prepare('SELECT key FROM api_keys').all() as Array<{key: string}>
        expect(keys.length).toBeGreaterThan(0)
        for (const {key} of keys) expect(key).toMatch(/^sha256:[0-9a-f]{64}$/)
        expect(JSON.stringify(keys)).not.toContain(FULL)
        const secrets = db.prepare('SELECT secret FROM webhook_subscriptions').all() as Array<{secret: string}>
        expect(secrets.map(s => s.secret)).toEqual([created.signingSecret])
      } finally {
        db.close()
      }
    } finally {
      await emu.close()
    }
  })
})
