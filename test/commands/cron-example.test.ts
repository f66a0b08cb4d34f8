import {spawn} from 'node:child_process'
import {chmodSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {type Body, FULL} from '../emulator/helpers.js'
import {BIN, isolatedHome, ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * The cron example of docs/scripting.md ("Every five minutes"), taken from the markdown as it is, run three
 * times against the emulator: the payouts created, failed through the sandbox triggers, claimed again and the
 * clock advanced between the rounds through the control routes. Each round's output is checked exactly; the
 * last round has nothing new and prints nothing (issue 42, "Cron").
 */

const ctx = useEmulator()
let home: ReturnType<typeof isolatedHome>
let script: string
let job: string

/** The ```bash block after the cron-example marker. */
function cronExample(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'scripting.md'), 'utf8')
  const marker = doc.indexOf('<!-- cron-example:')
  expect(marker, 'the cron-example marker in docs/scripting.md').toBeGreaterThan(0)
  const block = /```bash\n([\s\S]*?)```/.exec(doc.slice(marker))
  return block![1]
}

beforeEach(() => {
  home = isolatedHome()
  job = join(home.dir, 'job')
  mkdirSync(job)
  const bin = join(home.dir, 'bin')
  mkdirSync(bin)
  writeFileSync(join(bin, 'payctl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`)
  chmodSync(join(bin, 'payctl'), 0o755)
  script = join(home.dir, 'payctl-every-5-minutes')
  writeFileSync(script, cronExample())
  chmodSync(script, 0o755)
  process.env.CRON_TEST_PATH = `${bin}:${process.env.PATH}`
})

function round(): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...home.env,
      PATH: process.env.CRON_TEST_PATH,
      NO_COLOR: '1',
      PAYCTL_ORIGIN: ctx.emu.url,
      PAYCTL_API_KEY: FULL,
      PAYCTL_JOB_DIR: job,
    }
    delete env.PAYCTL_PROFILE
    const child = spawn('bash', [script], {env, stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', d => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', d => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000)
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(timer)
      resolve({code, stdout, stderr})
    })
  })
}

async function payout(customId: string, amount: string, currency = 'EUR'): Promise<Body> {
  return ctx.api.v2Create({customId, amount, currency, recipient: {type: 'email', email: `${customId}@example.com`}})
}

async function claim(id: string, email: string): Promise<void> {
  const res = await ctx.api.claim(id, 'paypal', {email})
  expect(res.status, res.text).toBe(200)
}

async function deposit(amount: string): Promise<void> {
  const res = await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount})
  expect(res.status, res.text).toBe(200)
}

/** Every transaction now, as the API shows it. */
async function transactions(): Promise<Body[]> {
  const res = await ctx.api.get('/api/v2/transactions', {query: {limit: 100}})
  expect(res.body.hasMore).toBe(false)
  return res.body.data
}

/** The transactions new or changed since `before` (what a round must append), newest first. */
const delta = (now: Body[], before: Body[]) =>
  now.filter(t => JSON.stringify(before.find(b => b.id === t.id)) !== JSON.stringify(t))

const exported = () =>
  readFileSync(join(job, 'transactions.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map(line => JSON.parse(line))

describe('the cron example of docs/scripting.md', () => {
  it('uses only payctl and bash', () => {
    expect(cronExample()).not.toMatch(/\b(sort|comm|sha256sum|date|jq)\b/)
  })

  it('four rounds: exports new and changed transactions, approves small payouts, alerts on each new failure', async () => {
    const failing = 'refund-sandbox-fail@example.com'
    await deposit('200.00')
    const old = await payout('old-failure', '20.00')
    await ctx.api.post(`/api/v2/payouts/${old.id}/approve`)
    await claim(old.id, failing)
    const small = await payout('small-1', '10.00')
    await payout('large-1', '80.00')
    await payout('usd-1', '5.00', 'USD')

    // Round 1: every transaction so far; small-1 approved; the failure that was there already is the baseline.
    const seen1 = await transactions()
    const first = await round()
    expect(first).toEqual({
      code: 0,
      stdout: 'approved small-1 10.00 EUR\n',
      stderr: `First run: ${seen1.length} transactions listed; later runs list only what is new or changed.\nFirst run: baseline of 1 payout recorded in ${job}/failures.state; changes are listed from the next run on.\n`,
    })
    expect(exported()).toEqual(seen1)

    // Round 2, five minutes later: small-1 fails at its claim, a new small payout and a deposit arrive.
    await ctx.api.advance(300)
    await claim(small.id, failing)
    const small2 = await payout('small-2', '30.00')
    await deposit('50.00')
    const seen2 = await transactions()
    const second = await round()
    expect(second).toEqual({
      code: 0,
      stdout: 'approved small-2 30.00 EUR\nFAILED small-1 10.00 EUR recipient_account_restricted\n',
      stderr: '',
    })
    expect(exported()).toEqual([...seen1, ...delta(seen2, seen1)])

    // Round 3: small-1 is claimed and fails again, small-2 fails, the old failure is paid.
    await ctx.api.advance(300)
    await claim(small.id, failing)
    await claim(small2.id, failing)
    await claim(old.id, 'refund@example.com')
    const seen3 = await transactions()
    const third = await round()
    expect(third).toEqual({
      code: 0,
      stdout:
        'FAILED small-2 30.00 EUR recipient_account_restricted\nFAILED small-1 10.00 EUR recipient_account_restricted\n',
      stderr: '',
    })
    expect(delta(seen3, seen2).length).toBeGreaterThan(0)
    expect(exported()).toEqual([...seen1, ...delta(seen2, seen1), ...delta(seen3, seen2)])

    // Round 4, nothing new: cron gets nothing to mail.
    await ctx.api.advance(300)
    expect(await round()).toEqual({code: 0, stdout: '', stderr: ''})
    expect(exported()).toEqual([...seen1, ...delta(seen2, seen1), ...delta(seen3, seen2)])
  }, 600_000)
})
