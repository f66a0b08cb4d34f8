import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {useHoldingProxy} from '../helpers/holding-proxy.js'

/**
 * Ctrl-C typed at a terminal in the commands that only read: `payouts get` with many ids and the `--since-state`
 * runs (`payouts list`, `transactions list`, `payouts changes`), and in `emulator claim` with many ids. Each stops
 * (`payouts get` and the claims after what is in flight; the since-state runs cancel the page being read), exits
 * 130 and says where it stopped and how to go on (a since-state file is not advanced); the re-run completes.
 */

const ctx = useEmulator()
const proxied = useHoldingProxy(ctx)
const holdingProxy = (hold: (method: string, url: string) => boolean) => proxied.start(hold)

async function createPayouts(count: number, prefix: string): Promise<string[]> {
  const items = Array.from({length: count}, (_, i) => ({
    description: 'x',
    amount: '1.00',
    currency: 'EUR',
    customId: `${prefix}-${i}`,
    recipient: {type: 'email', email: `u${i}@example.com`},
  }))
  const res = await ctx.api.post('/api/v2/payouts/batch', {items})
  expect(res.status, res.text).toBe(200)
  return (res.body as {data: Array<{id: string}>}).data.map(p => p.id)
}

describe('Ctrl-C in commands that only read', () => {
  it('payouts get with many ids: stops after the reads in flight, says how far and that a re-run is safe', async () => {
    const ids = await createPayouts(20, 'get')
    let gets = 0
    const {env, ctrlC} = await holdingProxy(
      (method, url) => method === 'GET' && url.startsWith('/api/v2/payouts/') && ++gets > 2,
    )
    const first = await ctrlC(['payouts', 'get', ...ids])
    expect(first.code, first.output).toBe(130)
    expect(first.said).toMatch(
      /INTERRUPTED: interrupted after reading ([2-9]|10) of 20 payouts; nothing was printed; it only reads: re-run the same command/,
    )
    expect(proxied.proxy.calls('GET', '/api/v2/payouts/').length).toBeLessThanOrEqual(10)

    const again = await runCli(['payouts', 'get', ...ids, '--quiet'], {env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout.trim().split('\n')).toEqual(ids)
  })

  it('payouts list --since-state: the page being read is cancelled, the state file is not created; the re-run lists all', async () => {
    const ids = await createPayouts(3, 'since')
    const state = join(proxied.home.dir, 'payouts.state')
    const out = join(proxied.home.dir, 'out.jsonl')
    const {env, ctrlC} = await holdingProxy((method, url) => method === 'GET' && url.startsWith('/api/v2/payouts?'))
    const first = await ctrlC(['payouts', 'list', '--since-state', state, '-o', 'jsonl'], out)
    expect(first.code, first.output).toBe(130)
    expect(first.said).toContain(
      `INTERRUPTED: interrupted, the page being read cancelled, 0 items written; ${state} was not advanced; re-run the same command: it repeats the whole window`,
    )
    expect(readFileSync(out, 'utf8')).toBe('')
    expect(existsSync(state)).toBe(false)

    const again = await runCli(['payouts', 'list', '--since-state', state, '--quiet'], {env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout.trim().split('\n').sort()).toEqual([...ids].sort())
  })

  it('transactions list --since-state: cancels the page being read, exit 130, the state file is as it was', async () => {
    const state = join(proxied.home.dir, 'transactions.state')
    const {env, ctrlC} = await holdingProxy((method, url) => method === 'GET' && url.startsWith('/api/v2/transactions'))
    expect((await runCli(['transactions', 'list', '--since-state', state, '--quiet'], {env})).code).toBe(0)
    const before = readFileSync(state, 'utf8')
    expect((await ctx.api.post('/api/v2/team/sandbox-deposit', {amount: '5.00', currency: 'EUR'})).status).toBeLessThan(
      300,
    )
    const first = await ctrlC(
      ['transactions', 'list', '--since-state', state, '--quiet'],
      join(proxied.home.dir, 'tx.txt'),
    )
    expect(first.code, first.output).toBe(130)
    expect(first.said).toMatch(
      /INTERRUPTED: interrupted, the page being read cancelled, 0 items written; .* was not advanced/,
    )
    expect(readFileSync(state, 'utf8')).toBe(before)
    const again = await runCli(['transactions', 'list', '--since-state', state, '--quiet'], {env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout.trim().split('\n')).toHaveLength(1)
  })

  it('payouts changes --since-state: Ctrl-C leaves the state file as it was; the re-run lists the change', async () => {
    const [id] = await createPayouts(1, 'changes')
    const state = join(proxied.home.dir, 'changes.state')
    const {env, ctrlC} = await holdingProxy((method, url) => method === 'GET' && url.startsWith('/api/v2/payouts?'))
    expect((await runCli(['payouts', 'changes', '--since-state', state], {env})).code).toBe(0)
    const before = readFileSync(state, 'utf8')
    expect((await ctx.api.post(`/api/v2/payouts/${id}/approve`)).status).toBe(200)
    const first = await ctrlC(
      ['payouts', 'changes', '--since-state', state, '--quiet'],
      join(proxied.home.dir, 'changes.txt'),
    )
    expect(first.code, first.output).toBe(130)
    expect(first.said).toContain(`0 items written; ${state} was not advanced`)
    expect(readFileSync(state, 'utf8')).toBe(before)
    const again = await runCli(['payouts', 'changes', '--since-state', state, '--quiet'], {env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout.trim()).toBe(id)
  })

  it('emulator claim with many ids: stops after the claims in flight, names the ids not claimed; claiming them finishes', async () => {
    const ids = await createPayouts(12, 'claim')
    expect((await ctx.api.post('/api/v2/payouts/approve', {ids})).status).toBe(200)
    let claims = 0
    const {env, ctrlC} = await holdingProxy(
      (method, url) => method === 'POST' && url.startsWith('/_emulator/payouts/') && ++claims > 2,
    )
    const first = await ctrlC(['emulator', 'claim', ...ids, '--json'], join(proxied.home.dir, 'claimed.json'))
    expect(first.code, first.output).toBe(130)
    const error = JSON.parse(first.output.slice(first.output.indexOf('{"error"')).split('\n')[0].trim()).error
    expect(error.code).toBe('INTERRUPTED')
    const claimed = JSON.parse(readFileSync(join(proxied.home.dir, 'claimed.json'), 'utf8')).map(
      (p: {id: string}) => p.id,
    )
    expect(claimed.length).toBeGreaterThanOrEqual(2)
    expect(claimed.length).toBeLessThanOrEqual(6)
    expect(error.data.notClaimedIds).toEqual(ids.filter(id => !claimed.includes(id)))
    expect(error.message).toContain(`interrupted after ${claimed.length} of 12 claims`)

    const rest = await runCli(['emulator', 'claim', ...error.data.notClaimedIds], {env})
    expect(rest.code, rest.stderr).toBe(0)
    for (const id of ids) expect((await ctx.api.get(`/api/v2/payouts/${id}`)).body.status).toBe('completed')
  })
})
