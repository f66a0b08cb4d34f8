import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Re-runs that are not byte for byte the first run, after its answer was lost (the service applies the create and
 * answers 502 to it and to the client's retries): the same amount spelled otherwise, the same service reached by
 * another name or profile, and two re-runs at once are the same create (one payout); an edited description is
 * another create, and payctl says that a similar one is still unknown and how to make this one depend on it.
 */

const ctx = useEmulator()
const env = (extra: Record<string, string> = {}) => ({...ctx.env, PAYCTL_API_KEY: FULL, ...extra})

async function lostAnswers(path: string) {
  const fault = {method: 'POST', path, count: 4, action: 'status-after-commit', status: 502, retryAfter: 0}
  const res = await ctx.api.post('/_emulator/faults', fault, {key: null})
  expect(res.status, res.text).toBe(200)
}
const payoutCount = async () => (await ctx.api.get('/api/v2/payouts?limit=100')).body.data.length
const create = (amount: string, description = 'Mix') => [
  ...['payouts', 'create', '--amount', amount, '--currency', 'EUR', '--description', description],
  ...['--email', 'ada@example.com'],
]

/** The first run: applied, its answer lost; the key it keeps. */
async function lostRun(args: string[], runEnv: Record<string, string>): Promise<string> {
  await lostAnswers('/api/v2/payouts')
  const failed = await runCommand(args, {env: runEnv})
  expect(failed.code, failed.stderr).toBe(7)
  expect(await payoutCount()).toBe(1)
  return /it reuses idempotency key ([0-9a-f-]{36})/.exec(failed.stderr)![1]
}

const REPLAYED = /^Replayed: payout payout_\S+ was created by an earlier run whose answer was lost/m

describe('near re-runs after a lost answer are the same create', () => {
  it('--amount 1 then --amount 1.00: one payout (the amount is sent with the currency decimals)', async () => {
    await lostRun(create('1'), env())
    const again = await runCommand(create('1.00'), {env: env()})
    expect(again.stdout, again.stderr).toMatch(REPLAYED)
    expect(await payoutCount()).toBe(1)
  })

  it('localhost then 127.0.0.1, and another profile on the same origin: one payout', async () => {
    const port = new URL(ctx.url).port
    await lostRun(create('2'), env({PAYCTL_ORIGIN: `http://localhost:${port}`}))
    const direct = await runCommand(create('2'), {env: env({PAYCTL_ORIGIN: `http://127.0.0.1:${port}`})})
    expect(direct.stdout, direct.stderr).toMatch(REPLAYED)
    const added = await runCommand(
      ['profiles', 'add', 'other', '--environment', 'sandbox', '--origin', `http://127.0.0.1:${port}/`],
      {env: env()},
    )
    expect(added.code, added.stderr).toBe(0)
    const other = await runCommand([...create('2'), '--profile', 'other'], {
      env: {...ctx.home.env, PAYCTL_API_KEY: FULL},
    })
    expect(other.stdout, other.stderr).toMatch(REPLAYED)
    expect(await payoutCount()).toBe(1)
  })

  it('two re-runs at once: one payout, both print it', async () => {
    await lostRun(create('3'), env())
    const runs = await Promise.all([1, 2].map(() => runCli([...create('3'), '--json'], {env: env()})))
    for (const run of runs) expect(run.code, run.stderr).toBe(0)
    expect(new Set(runs.map(run => JSON.parse(run.stdout).id)).size).toBe(1)
    expect(await payoutCount()).toBe(1)
  })
})

describe('an edited re-run after a lost answer', () => {
  it('warns that a similar create is still unknown; its --idempotency-key makes the service refuse a second one', async () => {
    const key = await lostRun(create('4', 'October'), env())
    const edited = await runCommand(create('4.00', 'October royalties'), {env: env()})
    expect(edited.code, edited.stderr).toBe(0)
    expect(edited.stderr).toContain(`Warning: a create like this one (same recipient, amount and currency) sent at`)
    expect(edited.stderr).toContain(
      `has no known outcome yet (${key}); if this is meant to be the same one, give --idempotency-key ${key}`,
    )
    expect(await payoutCount()).toBe(2)
    const tied = await runCommand([...create('4', 'October, again'), '--idempotency-key', key], {env: env()})
    expect(tied.code, tied.stderr).toBe(5)
    expect(tied.stderr).toContain('IDEMPOTENCY_KEY_REUSED')
    expect(await payoutCount()).toBe(2)
  })
})
