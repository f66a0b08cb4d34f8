import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {runCli} from '../helpers/cli.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'
import {CTRL_C, useProxiedHome} from '../helpers/holding-proxy.js'
import {runCliInTty} from '../helpers/tty.js'

/**
 * Ctrl-C in a command over many payouts: the call in flight finishes, nothing more is sent, exit 130, and the
 * one-line error says what was applied and where the rest starts; re-running for the rest finishes the job.
 */

const ctx = useEmulator()
const fx = useProxiedHome()

/** Runs the CLI in a terminal; types Ctrl-C while the fx.proxy holds a request, and lets it go once the CLI is stopping. */
function ctrlCWhileHeld(args: string[], env: Record<string, string>, stdoutFile: string) {
  const held = fx.proxy!
  return runCliInTty(args, {
    env,
    stdoutFile,
    steps: [
      {when: held.held, send: CTRL_C},
      {when: /Stopping after the (batch|page) in flight|Stopping: the page being read is cancelled/, run: held.release},
    ],
  })
}

async function createPayouts(count: number, prefix: string): Promise<string[]> {
  const ids: string[] = []
  for (let start = 0; start < count; start += 100) {
    const items = Array.from({length: Math.min(100, count - start)}, (_, i) => ({
      description: 'x',
      amount: '1.00',
      currency: 'EUR',
      customId: `${prefix}-${start + i}`,
      recipient: {type: 'email', email: `u${i}@example.com`},
    }))
    const res = await ctx.api.post('/api/v2/payouts/batch', {items})
    expect(res.status, res.text).toBe(200)
    ids.push(...(res.body as {data: Array<{id: string}>}).data.map(p => p.id))
  }
  return ids
}

async function statuses(ids: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const id of ids) {
    const status = ((await ctx.api.get(`/api/v2/payouts/${id}`)).body as {status: string}).status
    counts[status] = (counts[status] ?? 0) + 1
  }
  return counts
}

describe('Ctrl-C in a batch command', () => {
  it('payouts approve: stops after the batch in flight, exit 130, names the rest; approving the rest finishes', async () => {
    const ids = await createPayouts(250, 'ap')
    const file = join(fx.home.dir, 'ids.txt')
    writeFileSync(file, `${ids.join('\n')}\n`)
    let calls = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'POST' && request.url.startsWith('/api/v2/payouts/approve') && ++calls === 2,
    })
    const env = {...fx.home.env, PAYCTL_ORIGIN: fx.proxy.origin, PAYCTL_API_KEY: FULL}
    const first = await ctrlCWhileHeld(['payouts', 'approve', '--ids-file', file], env, join(fx.home.dir, 'out.txt'))
    expect(first.code, first.output).toBe(130)
    expect(first.said).toContain(
      `INTERRUPTED: interrupted after batch 2 of 3 (calls of at most 100); 200 payouts approved; 50 payouts not sent, from ${ids[200]} (item 201 of the input) on`,
    )
    expect(fx.proxy.calls('POST', '/api/v2/payouts/approve')).toHaveLength(2)
    expect(await statuses(ids)).toEqual({approved: 200, created: 50})

    const rest = await runCli(['payouts', 'approve', '--json', ...ids.slice(200)], {env})
    expect(rest.code, rest.stderr).toBe(0)
    expect(await statuses(ids)).toEqual({approved: 250})
  })

  it('payouts delete: stops after the payout in flight; --json names the ids not deleted', async () => {
    const ids = await createPayouts(5, 'del')
    let calls = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'DELETE' && ++calls === 3,
    })
    const env = {...fx.home.env, PAYCTL_ORIGIN: fx.proxy.origin, PAYCTL_API_KEY: FULL}
    const first = await ctrlCWhileHeld(['payouts', 'delete', '--json', ...ids], env, join(fx.home.dir, 'deleted.json'))
    expect(first.code, first.output).toBe(130)
    expect(first.said).toContain('"code":"INTERRUPTED"')
    expect(first.said).toContain(`"notAppliedIds":["${ids[3]}","${ids[4]}"]`)
    expect(fx.proxy.calls('DELETE', '/api/v2/payouts')).toHaveLength(3)
  })

  it('api --paginate: cancels the page being read, exit 130; -f offset= from the hint prints the rest', async () => {
    await createPayouts(250, 'pg')
    let pages = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'GET' && request.url.startsWith('/api/v1/payouts') && ++pages === 2,
    })
    const env = {...fx.home.env, PAYCTL_ORIGIN: fx.proxy.origin, PAYCTL_API_KEY: FULL}
    const file = join(fx.home.dir, 'pages.jsonl')
    const first = await ctrlCWhileHeld(['api', 'GET', '/api/v1/payouts', '--paginate'], env, file)
    expect(first.code, first.output).toBe(130)
    const hint = /interrupted after page 1 .*adding -f (offset=100)/.exec(first.said)
    expect(hint, first.output).not.toBeNull()
    const printed = readFileSync(file, 'utf8').trim().split('\n')
    expect(printed).toHaveLength(100)
    const rest = await runCli(['api', 'GET', '/api/v1/payouts', '--paginate', '-f', hint![1]], {env})
    expect(rest.code, rest.stderr).toBe(0)
    const ids = [...printed, ...rest.stdout.trim().split('\n')].map(line => JSON.parse(line).customId)
    expect(new Set(ids).size).toBe(250)
  })

  it('transactions list --all: the read in flight is cancelled, exit 130; --cursor from the hint lists the rest', async () => {
    for (let i = 1; i <= 250; i++) {
      const res = await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: `${i}.00`})
      expect(res.status, res.text).toBe(200)
    }
    let pages = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'GET' && request.url.startsWith('/api/v2/transactions') && ++pages === 2,
    })
    const env = {...fx.home.env, PAYCTL_ORIGIN: fx.proxy.origin, PAYCTL_API_KEY: FULL}
    const args = ['transactions', 'list', '--all', '-o', 'jsonl']
    const file = join(fx.home.dir, 'transactions.jsonl')
    const first = await ctrlCWhileHeld(args, env, file)
    expect(first.code, first.output).toBe(130)
    expect(first.said).toContain('INTERRUPTED: interrupted after')
    const cursor = /continue with --cursor (\S+)/.exec(first.said)
    expect(cursor, first.output).not.toBeNull()
    const listed = readFileSync(file, 'utf8').trim().split('\n')
    const rest = await runCli([...args, '--cursor', cursor![1]], {env})
    expect(rest.code, rest.stderr).toBe(0)
    const all = await runCli(args, {env})
    const ids = [...listed, ...rest.stdout.trim().split('\n')].map(line => JSON.parse(line).id)
    expect(ids).toEqual(
      all.stdout
        .trim()
        .split('\n')
        .map(line => JSON.parse(line).id),
    )
    expect(ids.length).toBeGreaterThanOrEqual(250)
    expect(listed.length).toBeLessThan(ids.length)
  })

  it('counterparties list --all: the read in flight is cancelled, exit 130; --cursor from the hint lists the rest', async () => {
    for (let i = 0; i < 150; i++) await ctx.api.counterparty({email: `c${i}@example.com`})
    let pages = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'GET' && request.url.startsWith('/api/v2/counterparties') && ++pages === 2,
    })
    const env = {...fx.home.env, PAYCTL_ORIGIN: fx.proxy.origin, PAYCTL_API_KEY: FULL}
    const args = ['counterparties', 'list', '--all', '-o', 'jsonl']
    const file = join(fx.home.dir, 'counterparties.jsonl')
    const first = await ctrlCWhileHeld(args, env, file)
    expect(first.code, first.output).toBe(130)
    const listed = readFileSync(file, 'utf8').trim().split('\n')
    expect(listed.length).toBeLessThan(150)
    expect(first.said).toContain('INTERRUPTED: interrupted after')
    const cursor = /continue with --cursor (\S+)/.exec(first.said)
    expect(cursor, first.output).not.toBeNull()
    const rest = await runCli([...args, '--cursor', cursor![1]], {env})
    expect(rest.code, rest.stderr).toBe(0)
    const ids = [...listed, ...rest.stdout.trim().split('\n')].map(line => JSON.parse(line).id)
    expect(new Set(ids).size).toBe(150)
  })
})
