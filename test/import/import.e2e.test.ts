import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {ROOT, runCli} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayouts, until, V2_HEADER, writeCsv} from './helpers.js'

/**
 * `payctl payouts import` end to end: the built CLI as a subprocess, against the emulator (in this process,
 * behind a recording proxy that counts the batch calls).
 */

// Tests that run the CLI more than once need more than one command's budget on a loaded machine (a test cut
// short leaves its process sending into the next test's proxy).
vi.setConfig({testTimeout: 120_000})

const ctx = useEmulator({record: true})

const csv = (name: string) => join(ctx.home.dir, name)
const payouts = () => allPayouts(ctx.emu.url, LOCAL_EMULATOR.fullKey)
/** The customIds the journal of the only import so far records. */
const journalRows = () => {
  const dir = join(ctx.home.dir, 'data', 'imports')
  const target = readdirSync(dir)[0]
  const file = readdirSync(join(dir, target)).find(name => name.endsWith('.jsonl'))!
  return readFileSync(join(dir, target, file), 'utf8')
    .split('\n')
    .filter(line => line.startsWith('{"type":"rows"'))
    .flatMap(line => (JSON.parse(line).rows as string[][]).map(row => row[0]))
}

function expectExactly(found: Array<{customId?: string}>, customIds: string[]) {
  const seen = found.map(p => p.customId)
  expect(seen).toHaveLength(customIds.length)
  expect(new Set(seen).size).toBe(customIds.length)
  expect([...seen].sort()).toEqual([...customIds].sort())
}

describe('payctl payouts import against the emulator', () => {
  it('1,050 rows land as 11 batch calls and 1,050 payouts; the report has every row', async () => {
    const ids = writeCsv(csv('1050.csv'), 1050)
    const result = await runCli(['payouts', 'import', csv('1050.csv'), '--json', '--report', csv('report.csv')], {
      env: ctx.env,
    })
    expect(result.code, result.stderr).toBe(0)
    const summary = JSON.parse(result.stdout)
    expect(summary).toMatchObject({
      rows: 1050,
      valid: 1050,
      invalid: 0,
      errors: [],
      created: 1050,
      updated: 0,
      failed: 0,
      chunks: 11,
      chunksSent: 11,
      totals: {EUR: expect.any(String)},
    })
    expect(ctx.proxy.count('POST', '/api/v2/payouts/batch')).toBe(11)
    const created = await payouts()
    expectExactly(created, ids)
    const report = readFileSync(csv('report.csv'), 'utf8').trim().split('\n')
    expect(report[0]).toBe('line,customId,payoutId,status,error')
    expect(report).toHaveLength(1051)
    const byCustomId = new Map(created.map(p => [p.customId, p.id]))
    expect(report[1]).toBe(`2,imp-1,payout_${byCustomId.get('imp-1')},created,`)
    expect(report[1050]).toBe(`1051,imp-1050,payout_${byCustomId.get('imp-1050')},created,`)
  })

  it('re-running a finished import sends nothing and says so', async () => {
    writeCsv(csv('f.csv'), 150)
    expect((await runCommand(['payouts', 'import', csv('f.csv')], {env: ctx.env})).code).toBe(0)
    ctx.proxy.requests.length = 0
    const again = await runCommand(['payouts', 'import', csv('f.csv')], {env: ctx.env})
    expect(again.code).toBe(0)
    expect(again.stderr).toContain('Nothing to send: no row of f.csv changed since its import into profile local')
    expect(again.stdout).toMatch(/Unchanged:\s+150 \(as at their import; nothing sent\)/)
    expect(ctx.proxy.requests).toEqual([])
    expect(await payouts()).toHaveLength(150)
  })

  it('a row the service refuses fails alone; the rest of its chunk is created; reported by CSV line (exit 8)', async () => {
    // JPY is a valid currency for the CLI; the emulator settles only EUR, USD and GBP.
    writeCsv(csv('bad.csv'), 300, {replace: {150: 'imp-150,Yen payout,1000,JPY,user150@example.com,'}})
    const result = await runCommand(['payouts', 'import', csv('bad.csv'), '--report', csv('report.csv')], {
      env: ctx.env,
    })
    expect(result.code).toBe(8)
    expect(result.stderr).toContain('Error: PARTIAL: 1 row failed; see')
    expect(result.stdout).toMatch(/Created:\s+299/)
    expect(result.stdout).toMatch(/Failed:\s+1\b/)
    expect(result.stdout).toMatch(/line 151 \(imp-150\): failed: VALIDATION_ERROR: .*JPY/)
    const created = await payouts()
    expect(created).toHaveLength(299)
    expect(created.some(p => p.customId === 'imp-101')).toBe(true)
    const report = readFileSync(csv('report.csv'), 'utf8').split('\n')
    expect(report.find(line => line.startsWith('151,'))).toMatch(/^151,imp-150,,failed,"VALIDATION_ERROR: .*JPY/)
    expect(report.find(line => line.startsWith('102,'))).toMatch(/^102,imp-101,\S+,created,/)
    // The failed row is not in the journal: after fixing it, a re-run retries it.
    expect(journalRows()).toHaveLength(299)
    expect(journalRows()).not.toContain('imp-150')
  })

  it('faults (5xx, dropped connections after commit, 429) during 2,000 rows: exactly 2,000 payouts, no duplicate', async () => {
    const ids = writeCsv(csv('2000.csv'), 2000)
    // With 4 chunks in flight, the first 4 attempts and the 4 retries after them meet these 8 faults: every
    // chunk of the first 4 fails twice at most, well within the client's retries.
    const faults = [
      {action: 'status', status: 503},
      {action: 'drop-after-commit'},
      {action: 'status', status: 429},
      {action: 'drop-after-commit'},
      {action: 'status', status: 500},
      {action: 'drop-after-commit'},
      {action: 'drop'},
      {action: 'drop-after-commit'},
    ]
    for (const fault of faults)
      await control(ctx.emu.url, 'POST', '/_emulator/faults', {
        method: 'POST',
        path: '/api/v2/payouts/batch',
        count: 1,
        ...fault,
      })
    const result = await runCommand(['payouts', 'import', csv('2000.csv'), '--json'], {env: ctx.env})
    expect(result.code, result.stderr).toBe(0)
    // Replays that answer this run's own retries are its own creations.
    expect(JSON.parse(result.stdout), result.stdout).toMatchObject({
      created: 2000,
      alreadyPresent: 0,
      failed: 0,
      chunks: 20,
      chunksSent: 20,
    })
    expect((await control(ctx.emu.url, 'GET', '/_emulator/faults')).data).toEqual([])
    expect(ctx.proxy.count('POST', '/api/v2/payouts/batch')).toBeGreaterThan(20)
    expectExactly(await payouts(), ids)
  }, 60_000)

  it('a process killed mid-import resumes on the re-run and ends with the exact set', async () => {
    // A team of its own: the request left hanging in the emulator lands after the test (a replay), and must not
    // touch the seeded team that the next tests use.
    const team = await control(ctx.emu.url, 'POST', '/_emulator/teams', {name: 'Kill test'})
    const teamEnv = {...ctx.env, PAYCTL_API_KEY: team.key}
    const ids = writeCsv(csv('kill.csv'), 2000)
    const first = runCli(['payouts', 'import', csv('kill.csv'), '--concurrency', '1'], {env: teamEnv})
    // Three batches answered (without a terminal, progress lines are too rare to wait for).
    await until(async () => ctx.proxy.count('POST', '/api/v2/payouts/batch') >= 3)
    // The next batch request hangs; once it is in the emulator the process is certainly mid-import.
    await control(ctx.emu.url, 'POST', '/_emulator/faults', {
      method: 'POST',
      path: '/api/v2/payouts/batch',
      count: 1,
      action: 'delay',
      delayMs: 5000,
    })
    await until(async () => (await control(ctx.emu.url, 'GET', '/_emulator/faults')).data.length === 0)
    first.child.kill('SIGKILL')
    expect((await first).signal).toBe('SIGKILL')
    const finished = journalRows().length / 100
    expect(finished).toBeGreaterThanOrEqual(3)
    expect(finished).toBeLessThan(20)

    const again = await runCli(['payouts', 'import', csv('kill.csv'), '--json'], {env: teamEnv, timeoutMs: 60_000})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toBe('')
    const summary = JSON.parse(again.stdout)
    expect(summary.unchanged).toBe(finished * 100)
    expect(summary.chunksSent).toBe(20 - finished)
    // The batch left hanging lands in the emulator before or after the re-run asks: replayed or created.
    expect(summary.unchanged + summary.created + summary.alreadyPresent).toBe(2000)
    expectExactly(await allPayouts(ctx.emu.url, team.key), ids)
  }, 60_000)

  it('Ctrl-C stops after the chunk in flight (exit 130); the re-run says it resumes', async () => {
    const ids = writeCsv(csv('int.csv'), 1000)
    const first = runCli(['payouts', 'import', csv('int.csv'), '--concurrency', '1'], {env: ctx.env})
    await until(async () => ctx.proxy.count('POST', '/api/v2/payouts/batch') >= 2)
    await control(ctx.emu.url, 'POST', '/_emulator/faults', {
      method: 'POST',
      path: '/api/v2/payouts/batch',
      count: 1,
      action: 'delay',
      delayMs: 1000,
    })
    await until(async () => (await control(ctx.emu.url, 'GET', '/_emulator/faults')).data.length === 0)
    first.child.kill('SIGINT')
    const exit = await first
    expect(exit.code).toBe(130)
    expect(first.stderr).toContain('Stopping after the chunks in flight')
    expect(first.stderr).toMatch(
      /Error: INTERRUPTED: interrupted; \d+ of 1,000 rows done; re-run the same command to resume/,
    )
    const done = journalRows().length
    expect(done).toBeGreaterThanOrEqual(300)
    expect(await payouts()).toHaveLength(done)

    const again = await runCli(['payouts', 'import', csv('int.csv')], {env: ctx.env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain(`Resuming: ${done} rows of int.csv are in already`)
    expect(again.stderr).toContain(`sending the other ${1000 - done}.`)
    expectExactly(await payouts(), ids)
  }, 60_000)

  it('a file with invalid rows sends nothing (exit 6); --skip-invalid sends the rest (exit 8)', async () => {
    writeCsv(csv('inv.csv'), 120, {
      replace: {5: 'imp-5,Bad,1e3,EUR,user5@example.com,', 80: 'imp-80,Bad,12.50,EUR,not-an-email,'},
    })
    const result = await runCommand(['payouts', 'import', csv('inv.csv')], {env: ctx.env})
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('line 6, column amount: amount "1e3" uses scientific notation')
    expect(result.stderr).toContain('line 81, column recipientEmail: recipientEmail must be an e-mail address')
    expect(result.stderr).toContain('Error: INVALID_INPUT: 2 of 120 rows are invalid; nothing was sent')
    expect(result.stdout).toBe('')
    expect(ctx.proxy.requests).toEqual([])
    expect(await payouts()).toHaveLength(0)

    const skip = await runCommand(
      ['payouts', 'import', csv('inv.csv'), '--skip-invalid', '--json', '--report', csv('r.csv')],
      {env: ctx.env},
    )
    expect(skip.code).toBe(8)
    expect(JSON.parse(skip.stdout)).toMatchObject({rows: 120, valid: 118, invalid: 2, created: 118, chunks: 2})
    expect(JSON.parse(skip.stderr.trim().split('\n').at(-1) ?? '').error).toMatchObject({code: 'PARTIAL', exitCode: 8})
    expect(await payouts()).toHaveLength(118)
    const report = readFileSync(csv('r.csv'), 'utf8').split('\n')
    expect(report.find(line => line.startsWith('6,'))).toBe(
      '6,imp-5,,invalid,"amount: amount ""1e3"" uses scientific notation; write it as a plain decimal"',
    )
  })

  it('--skip-invalid with every row invalid sends nothing and exits 6, not 8', async () => {
    writeFileSync(
      csv('all-bad.csv'),
      `${V2_HEADER}\nbad-1,Bad,1e3,EUR,a@example.com,\nbad-2,Bad,-3,EUR,b@example.com,\n`,
    )
    const result = await runCommand(['payouts', 'import', csv('all-bad.csv'), '--skip-invalid'], {env: ctx.env})
    expect(result.code).toBe(6)
    expect(result.stderr).toContain(
      'Error: INVALID_INPUT: 2 of 2 rows are invalid; --skip-invalid leaves them out and no row is left: nothing was sent',
    )
    expect(ctx.proxy.requests).toEqual([])
  })

  it('a value under the empty columns after the header (a decimal comma) is a field-count error, not shifted fields', async () => {
    const file = csv('decimal-comma.csv')
    writeFileSync(
      file,
      'customId,description,amount,currency,recipientEmail,,\nc-1,Desc,12,5,EUR,c@example.com,\nc-2,Desc,7.00,EUR,d@example.com,,\n',
    )
    const result = await runCommand(['payouts', 'import', file, '--dry-run'], {env: ctx.env})
    expect(result.code).toBe(6)
    expect(result.stdout + result.stderr).toContain(
      'line 2: 7 fields, but the header names 5 (an unquoted decimal comma, as in 12,5?)',
    )
    expect(result.stdout + result.stderr).not.toContain('column currency')
    expect(result.stderr).toContain('1 of 2 rows are invalid')
  })

  it('--dry-run --json validates and prints the totals, sending nothing', async () => {
    writeCsv(csv('dry.csv'), 30)
    const result = await runCommand(['payouts', 'import', csv('dry.csv'), '--dry-run', '--json'], {env: ctx.env})
    expect(result.code).toBe(0)
    let total = 0
    for (let i = 1; i <= 30; i++) total += (i % 9) + 1
    expect(JSON.parse(result.stdout)).toEqual({
      rows: 30,
      valid: 30,
      invalid: 0,
      totals: {EUR: `${total + 15}.00`},
      errors: [],
      checks: {online: true, problems: []},
      preview: {
        profile: 'local',
        journal: expect.stringContaining('dry.csv-'),
        importedBefore: 0,
        wouldSend: 30,
        refused: false,
      },
    })
    // Only the online checks' reads: nothing is sent.
    expect(ctx.proxy.requests.sort()).toEqual(['GET /api/v2/accounts', 'GET /api/v2/payment-method-types'])
  })

  it('rows without customId get ids derived from their content, so a re-run with a lost journal never duplicates', async () => {
    const path = csv('noid.csv')
    const lines = [
      'description,amount,currency,email',
      ...Array.from({length: 5}, (_, i) => `Row ${i},1.00,EUR,a${i}@example.com`),
    ]
    writeFileSync(path, `${lines.join('\n')}\n`)
    const first = await runCommand(['payouts', 'import', path, '--json'], {env: ctx.env})
    expect(first.code).toBe(0)
    const ids = (await payouts()).map(p => p.customId)
    expect(ids).toHaveLength(5)
    expect(ids.every(id => /^csv-[0-9a-f]{24}$/.test(id ?? ''))).toBe(true)
    rmSync(join(ctx.home.dir, 'data'), {recursive: true, force: true})
    const again = await runCommand(['payouts', 'import', path, '--json'], {env: ctx.env})
    // Same rows, same chunk keys: the service replays the batch instead of creating it again.
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({created: 0, alreadyPresent: 5})
    expect((await payouts()).map(p => p.customId)).toEqual(ids)
  })

  it('reads stdin with "-"', async () => {
    const input = `${V2_HEADER}\nin-1,From stdin,2.00,USD,s@example.com,\n`
    const result = await runCli(['payouts', 'import', '-', '--json'], {env: ctx.env, input})
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({created: 1, totals: {USD: '2.00'}})
    expect((await payouts()).map(p => p.customId)).toEqual(['in-1'])
  })

  it('--api v1 upserts each row; a re-run without the journal finds them present instead of duplicating', async () => {
    const path = join(ROOT, 'examples', 'payouts-v1.csv')
    const first = await runCommand(['payouts', 'import', path, '--api', 'v1', '--json'], {env: ctx.env})
    expect(first.code, first.stderr).toBe(0)
    const summary = JSON.parse(first.stdout)
    expect(summary.created).toBe(summary.valid)
    expect(ctx.proxy.count('POST', '/api/v1/payout')).toBe(summary.valid)
    rmSync(join(ctx.home.dir, 'data'), {recursive: true, force: true})
    const again = await runCommand(['payouts', 'import', path, '--api', 'v1', '--json'], {env: ctx.env})
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({created: 0, updated: 0, alreadyPresent: summary.valid})
    expect(await payouts()).toHaveLength(summary.valid)
  })

  it('--and-then pay approves every payout in the batch call itself', async () => {
    const path = join(ROOT, 'examples', 'payouts.csv')
    const result = await runCommand(['payouts', 'import', path, '--and-then', 'pay', '--json'], {env: ctx.env})
    expect(result.code, result.stderr).toBe(0)
    const created = await payouts()
    expect(created.length).toBe(JSON.parse(result.stdout).created)
    expect(created.every(p => p.status === 'approved')).toBe(true)
    expect(ctx.proxy.count('POST', '/api/v2/payouts/batch')).toBe(1)
  })

  it('on a production profile, --and-then pay needs --yes without a TTY (nothing sent), and goes with it', async () => {
    const add = await runCommand(
      ['profiles', 'add', 'prod', '--environment', 'production', '--origin', ctx.proxy.url],
      {
        env: ctx.home.env,
      },
    )
    expect(add.code, add.stderr).toBe(0)
    writeCsv(csv('prod.csv'), 3)
    const prodEnv = {...ctx.home.env, PAYCTL_PROFILE: 'prod', PAYCTL_API_KEY: LOCAL_EMULATOR.fullKey}
    const refused = await runCommand(['payouts', 'import', csv('prod.csv'), '--and-then', 'pay'], {env: prodEnv})
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(
      'refusing to import and pay payouts (3 items, 10.50 EUR) on PRODUCTION without confirmation',
    )
    expect(ctx.proxy.count('POST', '/api/v2/payouts/batch')).toBe(0)
    const confirmed = await runCommand(['payouts', 'import', csv('prod.csv'), '--and-then', 'pay', '--yes'], {
      env: prodEnv,
    })
    expect(confirmed.code, confirmed.stderr).toBe(0)
    expect(await payouts()).toHaveLength(3)
  })

  it('exit 7 when the service stays down after the retries; the re-run resumes', async () => {
    const ids = writeCsv(csv('down.csv'), 250)
    await control(ctx.emu.url, 'POST', '/_emulator/faults', {
      method: 'POST',
      path: '/api/v2/payouts/batch',
      count: 4,
      action: 'status',
      status: 503,
    })
    const down = await runCommand(['payouts', 'import', csv('down.csv'), '--concurrency', '1'], {env: ctx.env})
    expect(down.code).toBe(7)
    expect(down.stderr).toContain('chunk 1, lines 2-101: not confirmed: SERVICE_UNAVAILABLE')
    expect(down.stderr).toContain(
      'Error: TRANSIENT: the service did not answer after retries; 0 of 250 rows done; re-run the same command to resume',
    )
    expect(await payouts()).toHaveLength(0)

    const other = await runCommand(['payouts', 'import', csv('down.csv'), '--api', 'v1'], {env: ctx.env})
    expect(other.code).toBe(2)
    expect(other.stderr).toContain('down.csv was imported into profile local with --api v2; use the same API')

    const again = await runCommand(['payouts', 'import', csv('down.csv')], {env: ctx.env})
    expect(again.code, again.stderr).toBe(0)
    expectExactly(await payouts(), ids)
  }, 60_000)

  it('a header without rows is nothing to do; --report and --dry-run do not go together', async () => {
    writeFileSync(csv('empty.csv'), `${V2_HEADER}\n\n`)
    const empty = await runCommand(['payouts', 'import', csv('empty.csv')], {env: ctx.env})
    expect(empty.code).toBe(0)
    expect(empty.stderr).toContain('empty.csv has a header but no rows: nothing to send.')
    const both = await runCommand(['payouts', 'import', csv('empty.csv'), '--dry-run', '--report', csv('r.csv')], {
      env: ctx.env,
    })
    expect(both.code).toBe(2)
    expect(both.stderr).toMatch(/--report.*--dry-run|--dry-run.*--report/)
    expect(ctx.proxy.requests).toEqual([])
  })

  it('a key without payouts:approve stops --and-then pay at the first chunk (exit 3), nothing created', async () => {
    writeCsv(csv('scope.csv'), 250)
    const result = await runCommand(
      ['payouts', 'import', csv('scope.csv'), '--and-then', 'pay', '--concurrency', '1'],
      {
        env: {...ctx.env, PAYCTL_API_KEY: LOCAL_EMULATOR.defaultKey},
      },
    )
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('INSUFFICIENT_SCOPE')
    expect(ctx.proxy.count('POST', '/api/v2/payouts/batch')).toBe(1)
    expect(await payouts()).toHaveLength(0)
  })
})
