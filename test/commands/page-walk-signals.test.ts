import {mkdirSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useFakeServer} from '../helpers/fake-server.js'
import {stallingList} from '../helpers/hostile-server.js'

/**
 * Every command that reads pages, against a service whose second page stops half-sent and never ends: the first
 * SIGINT or SIGTERM cancels that read, the run saves nothing and exits 130 (143 after SIGTERM) with one
 * `Error: INTERRUPTED` line. Before, the read waited out its time-out and was retried (exit 7 two minutes later).
 */

const ctx = useFakeServer()

const payout = (n: number) => ({
  object: 'payout',
  id: `payout_${n}`,
  amount: '1.00',
  currency: 'EUR',
  status: 'created',
  updatedAt: '2026-11-20T10:00:00.000Z',
})
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

const RUNS = [
  {name: 'payouts list --since-state', item: payout, args: ['payouts', 'list', '--since-state'], printed: 2},
  {name: 'payouts changes --since-state', item: payout, args: ['payouts', 'changes', '--since-state'], printed: 0},
  {
    name: 'transactions list --since-state',
    item: transaction,
    args: ['transactions', 'list', '--since-state'],
    printed: 2,
  },
  {name: 'api --paginate', item: transaction, args: ['api', 'GET', '/api/v2/transactions', '--paginate'], printed: 2},
]

/** Each run once, the signals alternating (the signal fuzz class crosses them all). */
const CASES = RUNS.map((run, i) => ({...run, signal: i % 2 ? ('SIGTERM' as const) : ('SIGINT' as const)}))

describe('a signal while a page hangs half-sent', () => {
  it.each(CASES)('$name, $signal: the read is cancelled, nothing saved, exit 130/143', async run => {
    const list = stallingList(run.item, 2)
    ctx.server.fallback = list.handler
    const folder = join(ctx.home.dir, 'state')
    mkdirSync(folder, {mode: 0o700})
    const state = join(folder, 'run.state')
    const args = run.args.at(-1) === '--since-state' ? [...run.args, state, '-o', 'jsonl'] : run.args
    const cli = runCli(args, {
      env: {...ctx.home.env, PAYCTL_ORIGIN: ctx.server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'},
      timeoutMs: 8_000,
    })
    while (list.stalled === 0) await new Promise(resolve => setTimeout(resolve, 10))
    cli.child.kill(run.signal)
    const result = await cli
    expect(result.code, result.stderr).toBe(run.signal === 'SIGINT' ? 130 : 143)
    expect(result.stderr.split('\n').filter(line => line.startsWith('Error:'))).toEqual([
      expect.stringMatching(/^Error: INTERRUPTED: /),
    ])
    const ids = result.stdout
      .split('\n')
      .filter(Boolean)
      .map(line => JSON.parse(line).id)
    expect(ids).toHaveLength(run.printed)
    expect(list).toMatchObject({answered: 1, stalled: 1})
    // No state file, no lock, no temporary file: nothing half-done.
    expect(readdirSync(folder)).toEqual([])
  })
})
