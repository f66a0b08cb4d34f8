import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {KEPT_FOR_MS, KeptKeys} from '../../src/services/payouts/kept-keys.js'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * "Re-run the same command" cannot pay twice: the service applies the create and a proxy answers 502 (every retry
 * of the client too), payctl advises a re-run naming the key it keeps, and the re-run leaves one payout.
 */

const ctx = useEmulator()
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})

/** The next `count` creates are applied, then answered 502 (no wait before the client's retries). */
async function lostAnswers(path: string, count: number) {
  const res = await ctx.api.post(
    '/_emulator/faults',
    {method: 'POST', path, count, action: 'status-after-commit', status: 502, retryAfter: 0},
    {key: null},
  )
  expect(res.status, res.text).toBe(200)
}
const faultsLeft = async () => (await ctx.api.get('/_emulator/faults', {key: null})).body.data.length
const payoutCount = async () => (await ctx.api.get('/api/v2/payouts?limit=100')).body.data.length

describe('payouts create after an answer lost to a 502', () => {
  it('v2: the advice names the kept idempotency key; every re-run within 24 hours replays it; a new key creates anew', async () => {
    const run = env()
    const command = ['payouts', 'create', '--amount', '25.00', '--currency', 'EUR', '--description', 'Mix']
    const args = [...command, '--email', 'ada@example.com']
    await lostAnswers('/api/v2/payouts', 4)
    const failed = await runCommand(args, {env: run})
    expect(failed.code).toBe(7)
    expect(await faultsLeft()).toBe(0)
    const key = /it reuses idempotency key ([0-9a-f-]{36}), so the service will not create a second payout/.exec(
      failed.stderr,
    )?.[1]
    expect(key, failed.stderr).toBeDefined()
    expect(await payoutCount()).toBe(1)

    const again = await runCommand(args, {env: run})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('created by an earlier run whose answer was lost')
    expect(await payoutCount()).toBe(1)

    // Once an answer was lost, the same command is a re-run of that create for the key's 24 hours.
    const next = await runCommand(args, {env: run})
    expect(next.code, next.stderr).toBe(0)
    expect(next.stdout).toContain('created by an earlier run whose answer was lost')
    expect(await payoutCount()).toBe(1)
    const another = await runCommand([...args, '--idempotency-key', 'another-one'], {env: run})
    expect(another.stdout).toMatch(/^Created payout payout_/m)
    expect(await payoutCount()).toBe(2)
  })

  it('a create answered at once keeps no key: the same command again is a new payout', async () => {
    const args = [
      'payouts',
      'create',
      '--amount',
      '3',
      '--currency',
      'EUR',
      '--description',
      'B',
      '--email',
      'b@example.com',
    ]
    for (const _ of [1, 2]) expect((await runCommand(args, {env: env()})).code).toBe(0)
    expect(await payoutCount()).toBe(2)
  })

  it('under --json the error carries the key; another body does not reuse it', async () => {
    const run = env()
    const args = ['payouts', 'create', '--amount', '5.00', '--currency', 'EUR', '--description', 'A', '--json']
    await lostAnswers('/api/v2/payouts', 4)
    const failed = await runCommand([...args, '--email', 'ada@example.com'], {env: run})
    const error = JSON.parse(failed.stderr).error
    expect(error).toMatchObject({exitCode: 7, data: {idempotencyKey: expect.any(String)}})
    const other = await runCommand([...args, '--email', 'bob@example.com'], {env: run})
    expect(other.code, other.stderr).toBe(0)
    expect(await payoutCount()).toBe(2)
  })

  it('v1 without --custom-id: a generated customId is kept, so the re-run is an upsert', async () => {
    const run = env()
    const args = ['payouts', 'create', '--amount', '9.00', '--currency', 'EUR', '--description', 'Views']
    const v1 = [...args, '--creator-handle', '@maria', '--verification-method', 'youtube-channel']
    await lostAnswers('/api/v1/payout', 4)
    const failed = await runCommand([...v1, '--json'], {env: run})
    expect(failed.code).toBe(7)
    const customId = JSON.parse(failed.stderr).error.data.customId
    expect(customId).toMatch(/^payctl-/)
    expect(JSON.parse(failed.stderr).error.suggestions[0]).toContain(`customId ${customId} again`)
    const again = await runCommand([...v1, '--json'], {env: run})
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({customId, action: 'updated'})
    expect(await payoutCount()).toBe(1)
  })
})

describe('KeptKeys', () => {
  it('reuses a kept key for the same request within 24 hours, then no more; a settled key is forgotten', async () => {
    let now = 1_000_000
    const keys = new KeptKeys(mkdtempSync(join(tmpdir(), 'kept-')), 'http://x', () => now)
    const request = {operation: 'createPayoutV2', body: {amount: '1.00', b: 1}}
    const first = await keys.claim(request)
    expect(first.reused).toBe(false)
    await first.keep()
    const again = await keys.claim({operation: 'createPayoutV2', body: {b: 1, amount: '1.00'}})
    expect(again).toMatchObject({key: first.key, reused: true})
    await again.keep()
    const other = await keys.claim({operation: 'createPayoutV2', body: {amount: '2.00', b: 1}})
    expect(other.reused).toBe(false)
    await other.settle()
    now += KEPT_FOR_MS
    const later = await keys.claim(request)
    expect(later.reused).toBe(false)
    await later.settle()
    const next = await keys.claim(request)
    expect(next.key).not.toBe(later.key)
    await next.settle()
  })
})
