import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useFakeServer} from '../helpers/fake-server.js'
import {freshCursors} from '../helpers/hostile-server.js'

/**
 * A service that hands out a fresh cursor with every page, as long as it is asked: each walk stops at
 * PAYCTL_MAX_PAGES pages or PAYCTL_MAX_WALK_SECONDS, with exit 7 (BAD_ANSWER) and one line naming the limit.
 * The service here ends its list after 60 pages, so a walk without limits would succeed.
 */

const ctx = useFakeServer()

const transaction = (n: number) => ({
  object: 'transaction',
  id: `transaction_${n}`,
  type: 'deposit',
  status: 'completed',
  direction: 'in',
  amount: '1.00',
  currency: 'EUR',
  createdAt: '2026-11-20T10:00:00.000Z',
})
const env = (extra: Record<string, string>) => ({
  ...ctx.home.env,
  PAYCTL_ORIGIN: ctx.server.origin,
  PAYCTL_API_KEY: 'sk_test_0123456789abcdef',
  ...extra,
})
const errorLines = (stderr: string) => stderr.split('\n').filter(line => line.startsWith('Error:'))
const PAGES_ERROR = /^Error: BAD_ANSWER: the list did not end within 20 pages; .*raise PAYCTL_MAX_PAGES/

describe('an endless stream of fresh cursors', () => {
  it('transactions list --all: stops after PAYCTL_MAX_PAGES pages, prints them, says where it stopped, exit 7', async () => {
    ctx.server.fallback = freshCursors(transaction, 60)
    const result = await runCli(['transactions', 'list', '--all', '-o', 'jsonl'], {env: env({PAYCTL_MAX_PAGES: '20'})})
    expect(result.code, result.stderr).toBe(7)
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(PAGES_ERROR)])
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(20)
    expect(result.stderr).toContain('continue with --cursor fresh-20')
    expect(ctx.server.requests).toHaveLength(20)
  })

  it('--since-state: the same, and the state file is not written', async () => {
    ctx.server.fallback = freshCursors(transaction, 60)
    const state = join(ctx.home.dir, 'run.state')
    const result = await runCli(['transactions', 'list', '--since-state', state, '-o', 'jsonl'], {
      env: env({PAYCTL_MAX_PAGES: '20'}),
    })
    expect(result.code, result.stderr).toBe(7)
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(PAGES_ERROR)])
    expect(existsSync(state)).toBe(false)
  })

  it('api --paginate: stops at PAYCTL_MAX_WALK_SECONDS, exit 7', async () => {
    ctx.server.fallback = freshCursors(transaction, 60, 40)
    const result = await runCli(['api', 'GET', '/api/v2/transactions', '--paginate'], {
      env: env({PAYCTL_MAX_WALK_SECONDS: '0.3'}),
    })
    expect(result.code, result.stderr).toBe(7)
    expect(errorLines(result.stderr)).toEqual([
      expect.stringMatching(/^Error: BAD_ANSWER: the list did not end within 0.3 s; .*raise PAYCTL_MAX_WALK_SECONDS/),
    ])
    expect(ctx.server.requests.length).toBeLessThan(60)
  })

  it('refuses a limit that is not a number (exit 2), before any request', async () => {
    const result = await runCli(['transactions', 'list', '--all'], {env: env({PAYCTL_MAX_PAGES: '1e3'})})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('PAYCTL_MAX_PAGES must be a whole number of pages above 0, not "1e3"')
    expect(ctx.server.requests).toHaveLength(0)
  })
})
