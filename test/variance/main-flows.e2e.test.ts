import {rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {homeFor, login} from '../auth/helpers.js'
import type {Api} from '../emulator/helpers.js'
import {type Body, counterpartyBody, FULL} from '../emulator/helpers.js'
import {runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2, writeCsv} from '../import/helpers.js'

/**
 * The main flows of the built CLI against the emulator in variance mode (docs/emulator.md "Variance mode"):
 * unknown fields everywhere, new open-enum values, other error wording, Retry-After as a date, long +/= cursors,
 * Connection: close and slow chunked bodies. Each assertion is what the spec and DESIGN.md promise.
 */

vi.setConfig({testTimeout: 180_000})

const emulator = useEmulator({autoConsent: true, variance: {seed: 'ci-21'}})
let api: Api
let home: typeof emulator.home
let env: Record<string, string>

beforeEach(async () => {
  api = emulator.api
  expect((await api.get('/_emulator/variance', {key: null})).body).toEqual({enabled: true, seed: 'ci-21'})
  home = emulator.home
  env = {...emulator.env, PAYCTL_API_KEY: FULL}
})

const cli = (args: string[]) => runCommand(args, {env})
const file = (name: string) => join(home.dir, name)
const importJson = async (args: string[]) => {
  const result = await cli(['payouts', 'import', ...args, '--json'])
  return {...result, summary: result.stdout ? JSON.parse(result.stdout) : undefined}
}

describe('main flows against variance mode', () => {
  it('import, then the same file again a day later on a machine without the journal: every row already present, exit 0, nothing doubled', async () => {
    writeCsv(file('payouts.csv'), 30)
    const first = await importJson([file('payouts.csv')])
    expect(first.code, first.stderr).toBe(0)
    expect(first.summary).toMatchObject({created: 30, failed: 0})
    rmSync(env.PAYCTL_DATA_DIR, {recursive: true, force: true})
    // Past the 24-hour idempotency window (spec 8): the service answers the creates afresh, not as replays.
    expect((await api.post('/_emulator/clock', {advanceSeconds: 25 * 3600}, {key: null})).status).toBe(200)
    const again = await importJson([file('payouts.csv')])
    expect(again.code, again.stderr).toBe(0)
    expect(again.summary).toMatchObject({created: 0, alreadyPresent: 30, conflicts: 0, failed: 0})
    expect(await allPayoutsV2(emulator.url, FULL)).toHaveLength(30)
  })

  it('payouts wait follows a payout to completed', async () => {
    const payout = (
      await api.post('/api/v2/payouts', {
        customId: 'wait-1',
        description: 'Wait for me',
        amount: '12.00',
        currency: 'EUR',
        recipient: {type: 'email', email: 'ada@example.com'},
      })
    ).body
    expect((await api.post(`/api/v2/payouts/${payout.id}/approve`, {})).status).toBe(200)
    const waiting = runCli(['payouts', 'wait', payout.id, '--timeout', '60s', '--json'], {env, timeoutMs: 90_000})
    await new Promise(resolve => setTimeout(resolve, 1500))
    const claimed = await api.claim(payout.id, 'bank-iban', {
      accountHolderName: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
    })
    expect(claimed.status, claimed.text).toBe(200)
    const result = await waiting
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(payout.id)
    expect(result.stdout).toContain('completed')
  })

  it('import --and-then pay --wait names the failed rows (exit 8); import-status --retry-failed --wait pays them once fixed (exit 0)', async () => {
    const good = {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'}
    const failing = {...good, accountHolderName: 'SANDBOX FAIL Grace'}
    const counterparties: Body[] = []
    for (let i = 0; i < 5; i++) {
      const res = await api.post('/api/v2/counterparties', counterpartyBody({paymentMethod: i === 4 ? failing : good}))
      expect(res.status, res.text).toBe(200)
      counterparties.push(res.body)
    }
    const lines = ['customId,description,amount,currency,counterpartyId']
    for (let i = 0; i < 20; i++) lines.push(`row-${i},Royalties ${i},${(i % 7) + 1}.25,EUR,${counterparties[i % 5].id}`)
    writeFileSync(file('pay.csv'), `${lines.join('\n')}\n`)
    const imported = await cli([
      'payouts',
      'import',
      file('pay.csv'),
      '--and-then',
      'pay',
      '--wait',
      '--timeout',
      '60s',
    ])
    expect(imported.code, imported.stderr).toBe(8)
    expect(imported.stderr).toMatch(/ROWS_FAILED: 4 of 20 rows did not go through/)
    const fixed = await api.patch(`/api/v2/counterparties/${counterparties[4].id}`, {paymentMethod: good})
    expect(fixed.status, fixed.text).toBe(200)
    const retried = await cli([
      'payouts',
      'import-status',
      file('pay.csv'),
      '--retry-failed',
      '--wait',
      '--output',
      'jsonl',
    ])
    expect(retried.code, retried.stderr).toBe(0)
    const rows = retried.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    expect(rows).toHaveLength(20)
    expect(rows.every(row => row.status === 'completed')).toBe(true)
  })

  it('payouts list --all and transactions list --all follow the long +/= cursors to the end, each item once', async () => {
    for (let i = 0; i < 120; i++) {
      const res = await api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: `${i + 1}.00`})
      expect(res.status, res.text).toBe(200)
    }
    writeCsv(file('list.csv'), 110)
    expect((await importJson([file('list.csv')])).code).toBe(0)
    const first = await api.get('/api/v2/transactions', {query: {limit: 20}})
    expect(first.body.nextCursor).toMatch(/[+/]/)

    const payouts = await cli(['payouts', 'list', '--all', '--api', 'v2', '--quiet'])
    expect(payouts.code, payouts.stderr).toBe(0)
    const listed = payouts.stdout.trim().split('\n')
    expect(new Set(listed).size).toBe(110)
    expect(listed.sort()).toEqual((await allPayoutsV2(emulator.url, FULL)).map(p => p.id).sort())

    const transactions = await cli(['transactions', 'list', '--all', '--quiet'])
    expect(transactions.code, transactions.stderr).toBe(0)
    const ids = transactions.stdout.trim().split('\n')
    expect(ids.length).toBeGreaterThanOrEqual(120)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('a 429 with Retry-After as a date is waited out; one far beyond the cap ends with exit 7 at once, saying when to retry', async () => {
    await api.post(
      '/_emulator/faults',
      {method: 'GET', path: '/api/v2/payouts', action: 'status', status: 429},
      {key: null},
    )
    const waited = await cli(['payouts', 'list', '--api', 'v2', '--quiet'])
    expect(waited.code, waited.stderr).toBe(0)

    const fault = {method: 'GET', path: '/api/v2/payouts', action: 'status', status: 429, retryAfter: 7200}
    expect((await api.post('/_emulator/faults', fault, {key: null})).status).toBe(200)
    // The cap is 60 s (openai-node's); a command that sleeps the 7200 s is killed after 90 s and fails here.
    const capped = await runCli(['payouts', 'list', '--api', 'v2', '--quiet'], {env, timeoutMs: 90_000})
    expect(capped.code, capped.stderr).toBe(7)
    expect(capped.stderr).toMatch(/wait until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC .*re-run the same command then/)
  })

  it('auth login completes and the stored tokens work', async () => {
    const loginHome = homeFor(emulator.url)
    const {result} = await login(loginHome, [
      '--client-id',
      LOCAL_EMULATOR.oauthClientId,
      '--login-hint',
      'owner@example.com',
    ])
    expect(result.code, result.stderr).toBe(0)
    const team = await loginHome.run(['team', 'get', '--json'])
    expect(team.code, team.stderr).toBe(0)
    expect(JSON.parse(team.stdout).id).toBe(emulator.emu.seed.teamId)
  })
})
