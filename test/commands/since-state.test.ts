import {spawnSync} from 'node:child_process'
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {hostname} from 'node:os'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {type Body, FULL} from '../emulator/helpers.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/** --since-state on transactions list and payouts list, and payouts changes, end to end against the emulator. */

const ctx = useEmulator()
let home: ReturnType<typeof isolatedHome>
let state: string

beforeEach(() => {
  home = isolatedHome()
  state = join(home.dir, 'run.state')
})

const env = (origin = ctx.emu.url) => ({...home.env, PAYCTL_ORIGIN: origin, PAYCTL_API_KEY: FULL})
const cli = (args: string[], origin?: string) => runCommand(args, {env: env(origin)})
const lines = (text: string) => text.split('\n').filter(Boolean)
const idsOf = (jsonl: string) => lines(jsonl).map(line => JSON.parse(line).id)

async function deposits(count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const res = await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: `${i}.00`})
    expect(res.status, res.text).toBe(200)
  }
}

async function transactionIds(): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | undefined
  do {
    const res = await ctx.api.get('/api/v2/transactions', {query: {limit: 100, ...(cursor ? {cursor} : {})}})
    ids.push(...res.body.data.map((t: Body) => t.id))
    cursor = res.body.hasMore ? res.body.nextCursor : undefined
  } while (cursor)
  return ids
}

describe('transactions list --since-state', () => {
  it('lists everything once, then only what is new; the file is 0600 and replaced whole', async () => {
    await deposits(3)
    const first = await cli(['transactions', 'list', '--since-state', state, '-o', 'jsonl'])
    expect(first.code, first.stderr).toBe(0)
    expect(idsOf(first.stdout)).toEqual(await transactionIds())
    // 3 deposits and the seed's 2.
    expect(first.stderr).toBe('First run: 5 transactions listed; later runs list only what is new or changed.\n')
    expect(statSync(state).mode & 0o777).toBe(0o600)
    const again = await cli(['transactions', 'list', '--since-state', state, '-o', 'jsonl'])
    // Nothing new: nothing at all in a pipe (a cron job mails nothing); a person at a terminal is told.
    expect(again).toEqual({code: 0, stdout: '', stderr: ''})
    const shown = await runCliInTty(['transactions', 'list', '--since-state', state, '-o', 'jsonl'], {env: env()})
    expect(shown.output).toBe('Nothing new or changed since the last run.\n')
    await deposits(2)
    const next = await cli(['transactions', 'list', '--since-state', state, '--json'])
    expect(JSON.parse(next.stdout).map((t: Body) => t.id)).toEqual((await transactionIds()).slice(0, 2))
    const none = await cli(['transactions', 'list', '--since-state', state, '--json'])
    expect(none.stdout).toBe('[]\n')
    expect(readdirSync(home.dir).filter(name => name.includes('run.state'))).toEqual(['run.state'])
    const saved = JSON.parse(readFileSync(state, 'utf8'))
    expect(saved).toMatchObject({version: 1, command: 'transactions list', profile: 'local', origin: ctx.emu.url})
    expect(Object.keys(saved.seen).sort()).toEqual((await transactionIds()).sort())
  })

  it('refuses a file of other filters, another origin or another command: exit 2, one line, nothing sent', async () => {
    await deposits(1)
    expect((await cli(['transactions', 'list', '--since-state', state])).code).toBe(0)
    const before = readFileSync(state, 'utf8')
    const filters = await cli(['transactions', 'list', '--since-state', state, '--type', 'deposit'])
    expect(filters.code).toBe(2)
    expect(lines(filters.stderr)).toEqual([
      `Error: USAGE: --since-state ${state} belongs to another run (filters {}, not {"type":["deposit"]}); use one state file per command and filters`,
    ])
    expect(filters.stdout).toBe('')
    const origin = await cli(['transactions', 'list', '--since-state', state], 'http://127.0.0.1:9')
    expect(origin.code).toBe(2)
    expect(origin.stderr).toContain(`origin ${ctx.emu.url}, not http://127.0.0.1:9`)
    const command = await cli(['payouts', 'list', '--since-state', state])
    expect(command.code).toBe(2)
    expect(command.stderr).toContain('it was written by "payctl transactions list"')
    expect(readFileSync(state, 'utf8')).toBe(before)
    writeFileSync(state, 'not json')
    const broken = await cli(['transactions', 'list', '--since-state', state])
    expect(broken.code).toBe(2)
    expect(broken.stderr).toBe(
      `Error: USAGE: --since-state ${state}: not a payctl state file (delete it to start again)\n`,
    )
    const cursor = await cli(['transactions', 'list', '--since-state', state, '--cursor', 'x'])
    expect(cursor.code).toBe(2)
  })

  it('one run at a time: a live lock is refused (exit 5), a dead one is taken over', async () => {
    const holder = (pid: number) => JSON.stringify({host: hostname(), pid, since: new Date().toISOString()})
    writeFileSync(`${state}.lock`, holder(process.ppid))
    const busy = await cli(['transactions', 'list', '--since-state', state])
    expect(busy.code).toBe(5)
    expect(busy.stderr).toMatch(
      new RegExp(
        `^Error: LOCK_HELD: ${state}\\.lock is locked: held by process ${process.ppid} on ${hostname()}.*try again after that run ends`,
      ),
    )
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid
    writeFileSync(`${state}.lock`, holder(dead))
    const next = await cli(['transactions', 'list', '--since-state', state])
    expect(next.code, next.stderr).toBe(0)
    expect(readdirSync(home.dir).filter(name => name.startsWith('run.state'))).toEqual(['run.state'])
  })

  it('a run killed half-way (kill -9) leaves the file as it was; the next run repeats its window', async () => {
    await deposits(20)
    expect((await cli(['transactions', 'list', '--since-state', state, '-o', 'jsonl'])).code).toBe(0)
    const before = readFileSync(state, 'utf8')
    await deposits(150)
    const fresh = (await transactionIds()).slice(0, 150)
    // The first page answers at once, the second hangs: the run is killed once page one is written.
    for (const delayMs of [0, 60_000]) {
      const res = await ctx.api.post(
        '/_emulator/faults',
        {method: 'GET', path: '/api/v2/transactions', action: 'delay', delayMs},
        {key: null},
      )
      expect(res.status, res.text).toBe(200)
    }
    const killed = await killAfterLines(['transactions', 'list', '--since-state', state, '-o', 'jsonl'], 100)
    expect(idsOf(killed)).toEqual(fresh.slice(0, 100))
    expect(readFileSync(state, 'utf8')).toBe(before)
    await ctx.api.delete('/_emulator/faults', {key: null})
    const repeated = await cli(['transactions', 'list', '--since-state', state, '-o', 'jsonl'])
    expect(repeated.code, repeated.stderr).toBe(0)
    expect(idsOf(repeated.stdout)).toEqual(fresh)
    const after = await cli(['transactions', 'list', '--since-state', state, '-o', 'jsonl'])
    expect(after.stdout).toBe('')
  }, 180_000)
})

/** Runs payctl, SIGKILLs it once `count` lines are on stdout, and returns what it wrote. */
async function killAfterLines(args: string[], count: number): Promise<string> {
  const run = runCli(args, {env: env(), timeoutMs: 90_000})
  run.child.stdout.on('data', () => {
    if (lines(run.stdout).length >= count && run.stdout.endsWith('\n')) run.child.kill('SIGKILL')
  })
  const {signal, stdout} = await run
  if (signal !== 'SIGKILL') throw new Error(`payctl ended by itself (${signal}): ${stdout.length} bytes`)
  return stdout
}

describe('payouts list --since-state', () => {
  it('lists new payouts and those whose status or updatedAt changed', async () => {
    await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '100.00'})
    const batch = await ctx.api.post('/api/v2/payouts/batch', {
      items: ['a', 'b', 'c'].map(customId => ({
        customId,
        description: 'x',
        amount: '5.00',
        currency: 'EUR',
        recipient: {type: 'email', email: `${customId}@example.com`},
      })),
    })
    const [a, b] = batch.body.data as Body[]
    const args = ['payouts', 'list', '--since-state', state, '--template', '{{.customId}} {{.status}}']
    const first = await cli(args)
    expect(lines(first.stdout).sort()).toEqual(['a created', 'b created', 'c created'])
    expect((await cli(args)).stdout).toBe('')
    await ctx.api.post(`/api/v2/payouts/${a.id}/approve`)
    await ctx.api.advance(1)
    await ctx.api.patch(`/api/v2/payouts/${b.id}`, {description: 'changed'})
    await ctx.api.v2Create({customId: 'd'})
    const next = await cli(args)
    expect(lines(next.stdout).sort()).toEqual(['a approved', 'b created', 'd created'])
    expect((await cli(args)).stdout).toBe('')
  })

  it('combines with the client-side filters, which the file records; --api v1 is refused', async () => {
    await ctx.api.v2Create({customId: 'eur-small', amount: '5.00'})
    await ctx.api.v2Create({customId: 'eur-large', amount: '500.00'})
    await ctx.api.v2Create({customId: 'usd-small', amount: '5.00', currency: 'USD'})
    const args = ['payouts', 'list', '--since-state', state, '--currency', 'eur', '--max-amount', '50', '--quiet']
    const first = await cli(args)
    expect(lines(first.stdout)).toHaveLength(1)
    expect(JSON.parse(readFileSync(state, 'utf8')).filters).toEqual({currency: ['EUR'], maxAmount: '50'})
    const v1 = await cli([...args.slice(0, 4), '--api', 'v1'])
    expect(v1.code).toBe(2)
    expect(v1.stderr).toBe('Error: USAGE: --since-state reads the v2 list; drop --api v1\n')
  })
})

describe('payouts changes --since-state', () => {
  it('a baseline first; then each new failure, also a payout that fails, is claimed again and fails again', async () => {
    await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '100.00'})
    const p = await ctx.api.v2Create({customId: 'p'})
    await ctx.api.post(`/api/v2/payouts/${p.id}/approve`)
    const args = ['payouts', 'changes', '--since-state', state, '--json', '--fields', 'customId,status,previousStatus']
    const baseline = await cli(args)
    expect(baseline.stdout).toBe('[]\n')
    expect(JSON.parse(baseline.stderr)).toEqual({firstRun: true, baseline: 1, stateFile: state})
    const fail = () => ctx.api.claim(p.id, 'paypal', {email: 'p-sandbox-fail@example.com'})
    expect((await fail()).status).toBe(200)
    const failed = await cli(args)
    expect(JSON.parse(failed.stdout)).toEqual([{customId: 'p', status: 'failed', previousStatus: 'approved'}])
    expect(JSON.parse((await cli(args)).stdout)).toEqual([])
    await ctx.api.advance(60)
    expect((await fail()).status).toBe(200)
    const again = await cli(args)
    expect(JSON.parse(again.stdout)).toEqual([{customId: 'p', status: 'failed', previousStatus: 'failed'}])
    const table = await cli(['payouts', 'changes', '--since-state', join(home.dir, 't.state'), '-o', 'table'])
    expect(table.stderr).toContain('First run: baseline of 1 payout recorded in')
  })

  it('needs --since-state', async () => {
    const result = await cli(['payouts', 'changes'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--since-state')
  })
})

describe('payouts list client-side filters', () => {
  it('--currency, --min-amount, --max-amount and --from/--before on the v1 and the v2 list', async () => {
    await ctx.api.v2Create({customId: 'one', amount: '10.00'})
    await ctx.api.v2Create({customId: 'two', amount: '10.01'})
    await ctx.api.v2Create({customId: 'usd', amount: '3.00', currency: 'USD'})
    const custom = async (args: string[]) => {
      const result = await cli(['payouts', 'list', ...args, '--template', '{{.customId}}'])
      expect(result.code, result.stderr).toBe(0)
      return lines(result.stdout).sort()
    }
    expect(await custom(['--currency', 'EUR', '--max-amount', '10'])).toEqual(['one'])
    expect(await custom(['--min-amount', '10.01'])).toEqual(['two'])
    expect(await custom(['--status', 'created', '--currency', 'usd'])).toEqual(['usd'])
    expect(await custom(['--currency', 'EUR', '--currency', 'USD', '--min-amount', '3', '--max-amount', '3'])).toEqual([
      'usd',
    ])
    const now = (await ctx.api.get('/_emulator/clock', {key: null})).body.now
    expect(await custom(['--before', now])).toEqual(['one', 'two', 'usd'])
    expect(await custom(['--since', now])).toEqual([])
    const none = await cli(['payouts', 'list', '--from', now])
    expect(none).toMatchObject({code: 0, stdout: '', stderr: ''})
    const bad = await cli(['payouts', 'list', '--max-amount', '1,5'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^Error: .*--max-amount/)
    const order = await cli(['payouts', 'list', '--from', now, '--before', now])
    expect(order.code).toBe(2)
  })
})

describe('payouts changes with direct pay', () => {
  it('a counterparty payout that fails, is paid again with payouts pay and fails again is listed each time', async () => {
    await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '100.00'})
    const cp = await ctx.api.counterparty({
      paymentMethod: {
        type: 'bank_iban',
        iban: 'DE89370400440532013000',
        currency: 'EUR',
        accountHolderName: 'SANDBOX FAIL',
      },
    })
    const p = await ctx.api.v2Create({customId: 'direct', recipient: undefined, counterpartyId: cp.id})
    const args = [
      'payouts',
      'changes',
      '--since-state',
      state,
      '--status',
      'failed',
      '--template',
      '{{.customId}} {{.status}} {{.previousStatus}}',
    ]
    expect((await cli(args)).stdout).toBe('')
    const approved = await ctx.api.post(`/api/v2/payouts/${p.id}/approve`, {andThen: 'pay'})
    expect(approved.body.status, approved.text).toBe('failed')
    expect((await cli(args)).stdout).toBe('direct failed \n')
    expect((await cli(args)).stdout).toBe('')
    await ctx.api.advance(60)
    const paid = await cli(['payouts', 'pay', p.id, '--json'])
    expect(paid.code, paid.stderr).toBe(8)
    expect(JSON.parse(paid.stderr).error.code).toBe('PAYOUT_FAILED')
    expect((await cli(args)).stdout).toBe('direct failed failed\n')
  })
})
