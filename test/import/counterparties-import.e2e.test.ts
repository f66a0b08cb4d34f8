import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {request} from 'undici'
import {describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {runCli} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2, until} from './helpers.js'

/**
 * `payctl counterparties import` end to end: the built CLI against the emulator (behind a recording proxy that
 * counts the creates), then a payout file that names its counterparties by their customId.
 */

vi.setConfig({testTimeout: 120_000})

const ctx = useEmulator({record: true})

const file = (name: string) => join(ctx.home.dir, name)

/** Header cells written as people write them: case, spaces, `_` and `-` do not matter. */
const HEADER = 'Custom ID,first_name,Last-Name,line1,city,postal code,Country,payment method,IBAN,payment-currency'

/** Row `i`: a customId on even rows, none on odd ones (their identity is derived from their values). */
const row = (i: number, city = 'Berlin') =>
  `${i % 2 === 0 ? `cp-${i}` : ''},Ann ${i},Berg,Hauptstr. ${i},${city},10115,de,bank_iban,DE89 3704 0044 0532 0130 00,eur`

function writeRows(path: string, rows: string[], header = HEADER) {
  writeFileSync(path, `${[header, ...rows].join('\n')}\n`)
}

const rows = (n: number) => Array.from({length: n}, (_, i) => row(i + 1))

interface Listed {
  id: string
  customId?: string
  address?: {city?: string}
  paymentMethod?: {iban?: string; currency?: string}
}

async function counterparties(key: string = LOCAL_EMULATOR.fullKey): Promise<Listed[]> {
  const out: Listed[] = []
  for (let cursor: string | undefined; ; ) {
    const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const res = await request(`${ctx.emu.url}/api/v2/counterparties?limit=100${query}`, {
      headers: {authorization: `Bearer ${key}`},
    })
    const page = (await res.body.json()) as {data: Listed[]; hasMore: boolean; nextCursor?: string}
    out.push(...page.data)
    if (!page.hasMore || !page.nextCursor) return out
    cursor = page.nextCursor
  }
}

/** Every row landed exactly once: 1 counterparty per row, their customIds distinct, the file's own ones all there. */
function expectOnePerRow(found: Listed[], n: number) {
  expect(found).toHaveLength(n)
  const customIds = found.map(c => c.customId)
  expect(new Set(customIds).size).toBe(n)
  const own = Array.from({length: Math.floor(n / 2)}, (_, i) => `cp-${(i + 1) * 2}`)
  expect(customIds.filter(id => id?.startsWith('cp-')).sort()).toEqual(own.sort())
  expect(customIds.filter(id => id?.startsWith('csv-'))).toHaveLength(n - own.length)
}

describe('payctl counterparties import against the emulator', () => {
  it('1,000 rows: every counterparty created once, the report names each; a re-run sends nothing', async () => {
    writeRows(file('payees.csv'), rows(1000))
    const first = await runCli(
      ['counterparties', 'import', file('payees.csv'), '--report', file('report.csv'), '--json'],
      {
        env: ctx.env,
        timeoutMs: 90_000,
      },
    )
    expect(first.code, first.stderr).toBe(0)
    expect(JSON.parse(first.stdout)).toMatchObject({rows: 1000, valid: 1000, created: 1000, failed: 0, totals: {}})
    const found = await counterparties()
    expectOnePerRow(found, 1000)
    expect(found[0].paymentMethod).toMatchObject({iban: 'DE89370400440532013000', currency: 'EUR'})
    expect(ctx.proxy.count('GET', '/api/v2/countries')).toBe(1)
    expect(ctx.proxy.count('GET', '/api/v2/payment-method-types')).toBe(1)

    const report = readFileSync(file('report.csv'), 'utf8').trim().split('\n')
    expect(report[0]).toBe('line,customId,counterpartyId,status,error')
    expect(report).toHaveLength(1001)
    const ids = new Set(found.map(c => c.id))
    expect(report.slice(1).every(line => ids.has(line.split(',')[2]) && line.split(',')[3] === 'created')).toBe(true)

    ctx.proxy.requests.length = 0
    const again = await runCli(['counterparties', 'import', file('payees.csv'), '--json'], {
      env: ctx.env,
      timeoutMs: 60_000,
    })
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({created: 0, unchanged: 1000, chunksSent: 0})
    expect(ctx.proxy.count('POST', '/api/v2/counterparties')).toBe(0)
    expect(await counterparties()).toHaveLength(1000)
  })

  it('a process killed with kill -9 half-way resumes on the re-run without a duplicate', async () => {
    // A team of its own: the create left hanging lands after the kill, and must not touch the seeded team.
    const team = await control(ctx.emu.url, 'POST', '/_emulator/teams', {name: 'Kill test'})
    const teamEnv = {...ctx.env, PAYCTL_API_KEY: team.key}
    writeRows(file('kill.csv'), rows(1000))
    const first = runCli(['counterparties', 'import', file('kill.csv'), '--concurrency', '1'], {env: teamEnv})
    // Three chunks settled: the fourth has begun (without a terminal, progress lines are too rare to wait for).
    await until(async () => ctx.proxy.count('POST', '/api/v2/counterparties') > 300)
    // The next create hangs; once it is in the emulator the process is certainly mid-chunk.
    await control(ctx.emu.url, 'POST', '/_emulator/faults', {
      method: 'POST',
      path: '/api/v2/counterparties',
      count: 1,
      action: 'delay',
      delayMs: 3000,
    })
    await until(async () => (await control(ctx.emu.url, 'GET', '/_emulator/faults')).data.length === 0)
    first.child.kill('SIGKILL')
    expect((await first).signal).toBe('SIGKILL')
    const before = (await counterparties(team.key)).length
    expect(before).toBeGreaterThanOrEqual(300)
    expect(before).toBeLessThan(1000)

    const again = await runCli(['counterparties', 'import', file('kill.csv'), '--json'], {
      env: teamEnv,
      timeoutMs: 60_000,
    })
    expect(again.code, again.stderr).toBe(0)
    const summary = JSON.parse(again.stdout)
    expect(summary.unchanged).toBeGreaterThanOrEqual(300)
    expect(summary.unchanged + summary.created + summary.alreadyPresent).toBe(1000)
    // Let the create left hanging land, then count: still one counterparty per row.
    await new Promise(resolve => setTimeout(resolve, 3500))
    expectOnePerRow(await counterparties(team.key), 1000)
  })

  it('Ctrl-C stops after the chunk in flight (exit 130); the re-run resumes and ends with one counterparty per row', async () => {
    writeRows(file('int.csv'), rows(300))
    const first = runCli(['counterparties', 'import', file('int.csv'), '--concurrency', '1'], {env: ctx.env})
    await until(async () => ctx.proxy.count('POST', '/api/v2/counterparties') > 100)
    await control(ctx.emu.url, 'POST', '/_emulator/faults', {
      method: 'POST',
      path: '/api/v2/counterparties',
      count: 1,
      action: 'delay',
      delayMs: 1000,
    })
    await until(async () => (await control(ctx.emu.url, 'GET', '/_emulator/faults')).data.length === 0)
    first.child.kill('SIGINT')
    expect((await first).code).toBe(130)
    expect(first.stderr).toMatch(
      /Error: INTERRUPTED: interrupted; \d+ of 300 rows done; re-run the same command to resume/,
    )
    const done = (await counterparties()).length
    expect(done).toBeGreaterThanOrEqual(100)
    expect(done).toBeLessThan(300)

    const again = await runCli(['counterparties', 'import', file('int.csv')], {env: ctx.env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain(`Resuming: ${done} rows of int.csv are in already`)
    expectOnePerRow(await counterparties(), 300)
  })

  it('an edited re-run updates the changed row and creates the new one; without customIds an edit is refused', async () => {
    const own = (i: number, city = 'Berlin') => row(i * 2, city)
    writeRows(
      file('edit.csv'),
      [1, 2, 3, 4, 5].map(i => own(i)),
    )
    expect((await runCommand(['counterparties', 'import', file('edit.csv')], {env: ctx.env})).code).toBe(0)
    writeRows(file('edit.csv'), [own(1), own(2, 'Hamburg'), own(3), own(4), own(5), own(6)])
    const edited = await runCommand(['counterparties', 'import', file('edit.csv'), '--json'], {env: ctx.env})
    expect(edited.code, edited.stderr).toBe(0)
    expect(JSON.parse(edited.stdout)).toMatchObject({created: 1, updated: 1, unchanged: 4})
    const found = await counterparties()
    expect(found).toHaveLength(6)
    expect(found.find(c => c.customId === 'cp-4')?.address?.city).toBe('Hamburg')

    writeRows(file('derived.csv'), [row(1), row(3)])
    expect((await runCommand(['counterparties', 'import', file('derived.csv')], {env: ctx.env})).code).toBe(0)
    writeRows(file('derived.csv'), [row(1), row(3, 'Köln')])
    const refused = await runCommand(['counterparties', 'import', file('derived.csv')], {env: ctx.env})
    expect(refused.code).toBe(5)
    expect(refused.stderr).toContain('no customId')
    expect(await counterparties()).toHaveLength(8)
  })

  it("rows the service's countries or payment methods refuse stop the import before anything is sent (exit 6)", async () => {
    writeRows(file('bad.csv'), [row(2), row(4).replace(',de,', ',XX,'), row(6).replace(',eur', ',USD')])
    for (const flags of [['--dry-run'], []]) {
      const result = await runCommand(['counterparties', 'import', file('bad.csv'), ...flags], {env: ctx.env})
      expect(result.code, result.stderr).toBe(6)
      // The dry run prints its findings as its answer (stdout); the import, as the reason it stopped (stderr).
      const shown = flags.length ? result.stdout : result.stderr
      expect(shown).toMatch(/line 3: .*country XX/)
      expect(shown).toMatch(/line 4: payment-currency USD: bank_iban pays out in/)
    }
    expect(ctx.proxy.count('POST', '/api/v2/counterparties')).toBe(0)

    writeRows(file('invalid.csv'), [row(2), row(4).replace('Berg', '')])
    const invalid = await runCommand(['counterparties', 'import', file('invalid.csv')], {env: ctx.env})
    expect(invalid.code).toBe(6)
    expect(invalid.stderr).toContain('line 3, column Last-Name: last-name is required')
    expect(await counterparties()).toHaveLength(0)
  })

  it('a payout file names its counterparties by customId: looked up before sending, an unknown one names row and column', async () => {
    writeRows(file('payees.csv'), [row(2), row(4)])
    expect((await runCommand(['counterparties', 'import', file('payees.csv')], {env: ctx.env})).code).toBe(0)
    const ids = new Map((await counterparties()).map(c => [c.customId, c.id]))
    const payouts = [
      'customId,description,amount,currency,Counterparty Custom ID',
      'p-1,March,10.00,EUR,cp-2',
      'p-2,March,20.00,EUR,cp-4',
    ]
    writeFileSync(file('payouts.csv'), `${[...payouts, 'p-3,March,5.00,EUR,cp-404'].join('\n')}\n`)
    const dryRun = await runCommand(['payouts', 'import', file('payouts.csv'), '--dry-run'], {env: ctx.env})
    expect(dryRun.code).toBe(6)
    expect(dryRun.stdout).toContain('line 4: column counterpartyCustomId: no counterparty has the customId "cp-404"')
    const unknown = await runCommand(['payouts', 'import', file('payouts.csv')], {env: ctx.env})
    expect(unknown.code).toBe(6)
    expect(unknown.stderr).toContain('line 4: column counterpartyCustomId: no counterparty has the customId "cp-404"')
    expect(await allPayoutsV2(ctx.emu.url, LOCAL_EMULATOR.fullKey)).toHaveLength(0)

    writeFileSync(file('payouts.csv'), `${payouts.join('\n')}\n`)
    const joined = await runCommand(['payouts', 'import', file('payouts.csv'), '--json'], {env: ctx.env})
    expect(joined.code, joined.stderr).toBe(0)
    expect(JSON.parse(joined.stdout)).toMatchObject({created: 2})
    const created = await allPayoutsV2(ctx.emu.url, LOCAL_EMULATOR.fullKey)
    const byCustomId = new Map(created.map(p => [p.customId, (p as {counterpartyId?: string}).counterpartyId]))
    expect(byCustomId).toEqual(
      new Map([
        ['p-1', ids.get('cp-2')],
        ['p-2', ids.get('cp-4')],
      ]),
    )

    const again = await runCommand(['payouts', 'import', file('payouts.csv'), '--json'], {env: ctx.env})
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({created: 0, unchanged: 2})
  })
})
