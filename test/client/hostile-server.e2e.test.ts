import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useFakeServer} from '../helpers/fake-server.js'
import {hostileAnswers, sameCursorPage, sameV1Page} from '../helpers/hostile-server.js'

/** The built CLI against a service that misbehaves on 127.0.0.1: endless and trickled bodies, repeated cursors. */

const ctx = useFakeServer()

const env = (extra: Record<string, string> = {}) => ({
  ...ctx.home.env,
  PAYCTL_ORIGIN: ctx.server.origin,
  PAYCTL_API_KEY: 'sk_test_0123456789abcdef',
  ...extra,
})
const lines = (text: string) => text.split('\n').filter(Boolean)
const transaction = (n: number) => ({id: `transaction_${n}`, type: 'deposit', amount: '1.00', currency: 'EUR'})
const payoutV1 = (n: number) => ({id: `payout_${n}`, amount: '1.00', currency: 'EUR', status: 'created'})
const payoutV2 = (n: number) => ({
  object: 'payout',
  id: `payout_${n}`,
  amount: '1.00',
  currency: 'EUR',
  status: 'created',
})

async function untilAnswered(count: () => number): Promise<void> {
  while (count() < 1) await new Promise(resolve => setTimeout(resolve, 20))
}

describe('a response body above the cap', () => {
  it('is refused once PAYCTL_MAX_RESPONSE_BYTES is passed: exit 7, one line, the rest never read', async () => {
    const hostile = hostileAnswers()
    ctx.server.fallback = hostile.endless
    const result = await runCli(['team', 'get'], {env: env({PAYCTL_MAX_RESPONSE_BYTES: '1048576'}), timeoutMs: 15_000})
    expect(result.code, result.stderr).toBe(7)
    expect(lines(result.stderr)[0]).toMatch(
      /^Error: BAD_ANSWER: the answer to GET http:\/\/127\.0\.0\.1:\d+\/api\/v\d\/team is larger than 1048576 bytes; payctl stopped reading it/,
    )
    expect(hostile.answered).toBe(1)
    expect(hostile.sent).toBeLessThan(16 * 1024 * 1024)
  })

  it('refuses a PAYCTL_MAX_RESPONSE_BYTES that is not a number of bytes (exit 2)', async () => {
    const result = await runCli(['team', 'get'], {env: env({PAYCTL_MAX_RESPONSE_BYTES: '1e9'})})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('PAYCTL_MAX_RESPONSE_BYTES must be a whole number of bytes above 0, not "1e9"')
    expect(ctx.server.requests).toHaveLength(0)
  })
})

describe('a body trickled one byte at a time', () => {
  it('ends at --timeout: the deadline covers the whole request, body included', async () => {
    ctx.server.fallback = hostileAnswers().trickle(100)
    const id = 'payout_0b8f5f0e-6a0e-4c5e-9b8a-6d1f2f0f3a11'
    const result = await runCli(['payouts', 'wait', id, '--timeout', '2s'], {env: env(), timeoutMs: 12_000})
    expect(result.code, result.stderr).toBe(7)
    expect(result.stderr).toContain(`Error: WAIT_TIMEOUT: timed out after 2s: 1 of 1 payouts not final yet (unread: 1)`)
  })

  it.each(['SIGTERM', 'SIGINT'] as const)('%s ends the request in flight of a list at once', async signal => {
    const hostile = hostileAnswers()
    ctx.server.fallback = hostile.trickle(100)
    const run = runCli(['payouts', 'list', '--api', 'v2', '--all', '-o', 'jsonl'], {env: env(), timeoutMs: 15_000})
    await untilAnswered(() => hostile.answered)
    run.child.kill(signal)
    const result = await run
    expect(result.code, result.stderr).toBe(signal === 'SIGINT' ? 130 : 143)
    expect(result.stdout).toBe('')
  })
})

describe('a list whose cursor comes back', () => {
  it('v2 --all: stops with exit 7 naming the cursor, after printing each page once', async () => {
    ctx.server.fallback = sameCursorPage(transaction)
    const result = await runCli(['transactions', 'list', '--all', '-o', 'jsonl'], {env: env(), timeoutMs: 15_000})
    expect(result.code, result.stderr).toBe(7)
    expect(lines(result.stdout).map(line => JSON.parse(line).id)).toEqual(['transaction_1', 'transaction_2'])
    expect(result.stderr).toContain('the service gave the cursor "cursor-forever" a second time')
    expect(ctx.server.requests).toHaveLength(2)
  })

  it('payouts list --api v2 --all: the same', async () => {
    ctx.server.fallback = sameCursorPage(payoutV2)
    const result = await runCli(['payouts', 'list', '--api', 'v2', '--all', '-o', 'jsonl'], {
      env: env(),
      timeoutMs: 15_000,
    })
    expect(result.code, result.stderr).toBe(7)
    expect(lines(result.stdout)).toHaveLength(2)
    expect(result.stderr).toContain('"cursor-forever" a second time')
  })

  it('v1 --all: a page that comes back whole (the offset ignored) stops with exit 7', async () => {
    ctx.server.fallback = sameV1Page(payoutV1)
    const result = await runCli(['payouts', 'list', '--all', '-o', 'jsonl'], {env: env(), timeoutMs: 15_000})
    expect(result.code, result.stderr).toBe(7)
    expect(lines(result.stdout)).toHaveLength(100)
    expect(result.stderr).toContain('the service answered the page at offset 100 with the same 100 items')
    expect(ctx.server.requests).toHaveLength(2)
  })

  it('--since-state: exit 7, and the state file is not written', async () => {
    ctx.server.fallback = sameCursorPage(transaction)
    const state = join(ctx.home.dir, 'run.state')
    const result = await runCli(['transactions', 'list', '--since-state', state, '-o', 'jsonl'], {
      env: env(),
      timeoutMs: 15_000,
    })
    expect(result.code, result.stderr).toBe(7)
    expect(result.stderr).toContain('"cursor-forever" a second time')
    expect(existsSync(state)).toBe(false)
  })
})
