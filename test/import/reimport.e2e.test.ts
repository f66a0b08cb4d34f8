import {rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {request} from 'undici'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {runCli} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'
import {allPayoutsV2, countPayouts, writeCsv} from './helpers.js'

/**
 * Running a file again, as operators do: re-saved, edited, twice at once, after the journal was lost, with
 * another --and-then. The built CLI against one emulator; counts through GET /api/v1/payouts and
 * /api/v2/payouts.
 */

// Each test runs the CLI several times: on a loaded machine that takes longer than one command's budget.
vi.setConfig({testTimeout: 120_000})

const emulator = useEmulator()
let home: typeof emulator.home
let env: Record<string, string>
beforeEach(() => {
  ;({home, env} = emulator)
})

const KEY = LOCAL_EMULATOR.fullKey
const path = (name: string) => join(home.dir, name)
const count = () => countPayouts(emulator.url, KEY)
/** In the test process; `{process: true}` as a process of its own, for imports at the same time. */
const importJson = async (args: string[], options: {process?: boolean} = {}) => {
  const argv = ['payouts', 'import', ...args, '--json']
  const result = options.process ? await runCli(argv, {env, timeoutMs: 60_000}) : await runCommand(argv, {env})
  return {...result, summary: result.stdout ? JSON.parse(result.stdout) : undefined}
}
const byCustomId = async () => new Map((await allPayoutsV2(emulator.url, KEY)).map(p => [p.customId, p]))
const api = async (method: string, route: string, body?: unknown) => {
  const res = await request(`${emulator.url}${route}`, {
    method: method as 'POST',
    headers: {authorization: `Bearer ${KEY}`, 'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.body.text()
  if (res.statusCode >= 300) throw new Error(`${method} ${route}: ${res.statusCode} ${text}`)
  return JSON.parse(text)
}

/** Rows without customId, as a person would type them. */
const ROWS = Array.from({length: 20}, (_, i) => ({
  description: `Royalties ${i + 1}`,
  amount: `${(i % 7) + 1}.50`,
  currency: 'EUR',
  email: `author${i + 1}@example.com`,
}))

describe('re-importing a file without customId', () => {
  it('re-saved (CRLF, BOM, blank lines, quotes, column order, spaces, another name): nothing new', async () => {
    const plain = ['description,amount,currency,email', ...ROWS.map(r => `${r.description},${r.amount},EUR,${r.email}`)]
    writeFileSync(path('royalties.csv'), `${plain.join('\n')}\n`)
    const first = await importJson([path('royalties.csv')])
    expect(first.code, first.stderr).toBe(0)
    expect(first.summary).toMatchObject({created: 20, unchanged: 0, alreadyPresent: 0})

    const resaved = [
      '"Email","Currency","Amount","Description"',
      ...ROWS.flatMap(r => [`"${r.email} ",EUR,"${r.amount}",  ${r.description}  `, '']),
    ]
    writeFileSync(path('royalties.csv'), `\ufeff${resaved.join('\r\n')}\r\n`)
    const again = await importJson([path('royalties.csv')])
    expect(again.code, again.stderr).toBe(0)
    expect(again.summary).toMatchObject({created: 0, unchanged: 20, conflicts: 0, failed: 0})
    // Under another name the journal does not know it: the service has every row already.
    writeFileSync(path('royalties (1).csv'), `\ufeff${resaved.join('\r\n')}\r\n`)
    const copy = await importJson([path('royalties (1).csv')])
    expect(copy.code, copy.stderr).toBe(0)
    expect(copy.summary).toMatchObject({created: 0, alreadyPresent: 20})
    expect(await count()).toBe(20)
  })

  it('edited in one row: refused with the lines that differ (exit 5), nothing sent; --batch makes a new set', async () => {
    const lines = ['description,amount,currency,email', ...ROWS.map(r => `${r.description},${r.amount},EUR,${r.email}`)]
    writeFileSync(path('r.csv'), `${lines.join('\n')}\n`)
    expect((await importJson([path('r.csv')])).code).toBe(0)
    lines[5] = 'Royalties 5,99.00,EUR,author5@example.com'
    writeFileSync(path('r.csv'), `${lines.join('\n')}\n`)
    // The dry run says so first, with the same lines, error and exit code.
    const dry = await runCommand(['payouts', 'import', path('r.csv'), '--dry-run', '--offline'], {env})
    expect(dry.code).toBe(5)
    expect(dry.stdout).toContain('Compared with its earlier import into profile local (20 rows, journal ')
    expect(dry.stdout).toContain('  added (1): line 6')
    expect(dry.stdout).toContain('  the import would refuse the file')
    expect(dry.stderr).toContain('Error: CHANGED_WITHOUT_CUSTOM_ID: r.csv was imported before and differs now')
    const edited = await runCommand(['payouts', 'import', path('r.csv')], {env})
    expect(edited.code).toBe(5)
    expect(edited.stderr).toContain('r.csv differs from its earlier import (19 rows unchanged):')
    expect(edited.stderr).toContain('added (1): line 6')
    expect(edited.stderr).toContain('removed (1): line 6 of the earlier file')
    expect(edited.stderr).toContain(
      'Error: CHANGED_WITHOUT_CUSTOM_ID: r.csv was imported before and differs now (1 row added, 1 row removed)',
    )
    expect(edited.stderr).toContain('give every row a customId column')
    expect(edited.stderr).toContain('--batch NAME')
    expect(await count()).toBe(20)
    const again = await runCommand(['payouts', 'import', path('r.csv')], {env})
    expect(again.code).toBe(5)

    const batch = await importJson([path('r.csv'), '--batch', '2026-03'])
    expect(batch.code, batch.stderr).toBe(0)
    expect(batch.summary).toMatchObject({created: 20})
    expect(await count()).toBe(40)
  })
})

describe('re-importing a file with customId', () => {
  it('v2: changed rows PATCHed while created, the rest skipped, new rows created; a moved-on payout is a conflict once', async () => {
    writeCsv(path('c.csv'), 10)
    expect((await importJson([path('c.csv')])).code).toBe(0)
    await api('POST', '/api/v2/payouts/imp-3/approve', {})
    writeCsv(path('c.csv'), 11, {
      replace: {
        2: 'imp-2,Payout 2 corrected,42.00,EUR,user2@example.com,march',
        3: 'imp-3,Payout 3,43.00,EUR,user3@example.com,march',
        10: 'imp-11,Payout 11,1.00,EUR,user11@example.com,',
        11: '',
      },
    })
    const dry = await importJson([path('c.csv'), '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.summary.preview).toMatchObject({
      importedBefore: 10,
      wouldSend: 3,
      refused: false,
      diff: {unchanged: 7, changed: {count: 2, lines: [3, 4]}, added: {count: 1, lines: [11]}},
    })
    expect((await byCustomId()).get('imp-2')).toMatchObject({amount: '3.50'})
    const edited = await importJson([path('c.csv')])
    expect(edited.code, edited.stderr).toBe(5)
    expect(edited.summary).toMatchObject({created: 1, updated: 1, unchanged: 7, conflicts: 1, failed: 0})
    expect(edited.summary.diff).toMatchObject({
      changed: {count: 2, lines: [3, 4]},
      added: {count: 1, lines: [11]},
      removed: {count: 1, lines: [11]},
    })
    expect(edited.summary.problems).toEqual([
      expect.objectContaining({
        line: 4,
        customId: 'imp-3',
        status: 'conflict',
        error: expect.stringContaining('is approved'),
      }),
    ])
    expect(JSON.parse(edited.stderr).error).toMatchObject({code: 'CONFLICT', exitCode: 5})
    const payouts = await byCustomId()
    expect(payouts.get('imp-2')).toMatchObject({amount: '42.00', description: 'Payout 2 corrected', status: 'created'})
    expect(payouts.get('imp-3')).toMatchObject({amount: '4.50', status: 'approved'})
    expect(await count()).toBe(11)

    // The conflict was reported: a re-run says so, sends nothing for it, and does not fail again.
    const again = await importJson([path('c.csv')])
    expect(again.code, again.stderr).toBe(0)
    expect(again.summary).toMatchObject({created: 0, updated: 0, unchanged: 9, conflicts: 0, conflictsEarlier: 1})
    expect(await count()).toBe(11)
  })

  it('v1: a changed row is upserted while created', async () => {
    const header = 'customId,description,payoutAmount,currency,creatorHandle'
    writeFileSync(path('v1.csv'), `${header}\nv1-a,A,1.00,EUR,@a\nv1-b,B,2.00,EUR,@b\n`)
    expect((await importJson([path('v1.csv'), '--api', 'v1'])).code).toBe(0)
    writeFileSync(path('v1.csv'), `${header}\nv1-a,A,1.00,EUR,@a\nv1-b,B,2.50,EUR,@b\n`)
    const edited = await importJson([path('v1.csv'), '--api', 'v1'])
    expect(edited.code, edited.stderr).toBe(0)
    expect(edited.summary).toMatchObject({created: 0, updated: 1, unchanged: 1})
    expect((await byCustomId()).get('v1-b')).toMatchObject({amount: '2.50'})
    expect(await count()).toBe(2)
  })
})

describe('summaries that are true', () => {
  it('two imports of one file at once: one set of payouts, and the counts add up', async () => {
    writeCsv(path('twice.csv'), 600)
    const [a, b] = await Promise.all([
      importJson([path('twice.csv')], {process: true}),
      importJson([path('twice.csv')], {process: true}),
    ])
    expect(a.code, a.stderr).toBe(0)
    expect(b.code, b.stderr).toBe(0)
    expect(a.summary.created + b.summary.created).toBe(600)
    for (const {summary} of [a, b]) expect(summary.created + summary.unchanged + summary.alreadyPresent).toBe(600)
    expect(await count()).toBe(600)
  })

  it('a lost journal heals: rows the service holds count as present, a payout that differs is a conflict', async () => {
    writeCsv(path('lost.csv'), 250)
    expect((await importJson([path('lost.csv')])).code).toBe(0)
    rmSync(join(home.dir, 'data'), {recursive: true, force: true})
    const payout = (await byCustomId()).get('imp-5')!
    await api('PATCH', `/api/v2/payouts/${payout.id}`, {description: 'Changed on the service'})
    const again = await importJson([path('lost.csv'), '--report', path('report.csv')])
    expect(again.code, again.stderr).toBe(5)
    expect(again.summary).toMatchObject({created: 0, alreadyPresent: 249, conflicts: 1, failed: 0})
    expect(again.summary.problems[0]).toMatchObject({
      line: 6,
      customId: 'imp-5',
      error: `the service holds ${payout.id} (created) under this customId with other values: description: ours "Payout 5", the service's "Changed on the service"`,
    })
    expect(await count()).toBe(250)
  })
})

describe('follow-up steps', () => {
  it('a finished import run again with --and-then pay approves the file payouts, once', async () => {
    writeCsv(path('f.csv'), 5)
    expect((await importJson([path('f.csv')])).code).toBe(0)
    const paid = await importJson([path('f.csv'), '--and-then', 'pay'])
    expect(paid.code, paid.stderr).toBe(0)
    expect(paid.summary).toMatchObject({created: 0, followedUp: 5, unchanged: 0})
    expect([...(await byCustomId()).values()].every(p => p.status === 'approved')).toBe(true)
    const again = await importJson([path('f.csv'), '--and-then', 'pay'])
    expect(again.summary).toMatchObject({followedUp: 0, unchanged: 5})
    expect(await count()).toBe(5)
  })
})

describe('on a terminal', () => {
  it('failed rows are shown with line, customId and reason (the first 20), then the --report hint', async () => {
    const yen = Object.fromEntries(
      Array.from({length: 23}, (_, k) => [k + 2, `imp-${k + 2},Yen,1000,JPY,user${k + 2}@example.com,`]),
    )
    writeCsv(path('tty.csv'), 30, {replace: yen})
    const result = await runCliInTty(['payouts', 'import', path('tty.csv')], {
      env: {...env, PAYCTL_API_KEY: KEY},
    })
    expect(result.code).toBe(8)
    // Each refused row fails alone (error.index); the rows around it are created.
    expect(result.output).toMatch(/line 3 \(imp-2\): failed: VALIDATION_ERROR: .*JPY/)
    expect(result.output).toMatch(/Created: +7/)
    expect(result.output).not.toContain('rejected the whole chunk')
    expect(result.output).toContain('… and 3 more (pass --report FILE.csv for every row)')
  })
})

describe('round trip', () => {
  const list = async (args: string[]) => {
    const result = await runCommand(['payouts', 'list', '--all', '--output', 'csv', ...args], {env})
    expect(result.code, result.stderr).toBe(0)
    return result.stdout
  }

  it('payouts list --output csv (v2) is read back by payouts import: the same payouts, no warning', async () => {
    const header = 'customId,description,amount,currency,recipientEmail,recipientPhone,tags'
    writeFileSync(
      path('orig.csv'),
      `${header}\nrt-1,"Royalties, March",12.50,EUR,a@example.com,,royalties;march\nrt-2,Translation,7.00,USD,,+33612345678,\n`,
    )
    expect((await importJson([path('orig.csv')])).code).toBe(0)
    const before = await byCustomId()
    writeFileSync(path('export.csv'), await list(['--api', 'v2']))
    const present = await runCommand(['payouts', 'import', path('export.csv')], {env})
    expect(present.code, present.stderr).toBe(0)
    expect(present.stderr).not.toContain('Warning')
    expect(present.stdout).toMatch(/Present:\s+2 \(already on the service\)/)

    // Another team's service, as it were: the service and payctl's journal start empty.
    await control(emulator.url, 'POST', '/_emulator/reset')
    rmSync(join(home.dir, 'data'), {recursive: true, force: true})
    const again = await importJson([path('export.csv')])
    expect(again.code, again.stderr).toBe(0)
    expect(again.summary).toMatchObject({created: 2})
    const after = await byCustomId()
    for (const id of ['rt-1', 'rt-2']) {
      const {description, amount, currency, recipient, tags} = before.get(id) as Record<string, unknown>
      expect(after.get(id)).toMatchObject({description, amount, currency, recipient, tags})
    }
  })

  it('the v1 export is read back with --api v1', async () => {
    writeFileSync(
      path('v1.csv'),
      'customId,description,payoutAmount,currency,creatorHandle\nrv-1,Video,3.00,EUR,@maria\n',
    )
    expect((await importJson([path('v1.csv'), '--api', 'v1'])).code).toBe(0)
    writeFileSync(path('export-v1.csv'), await list([]))
    await control(emulator.url, 'POST', '/_emulator/reset')
    const again = await importJson([path('export-v1.csv'), '--api', 'v1'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.summary).toMatchObject({created: 1})
    expect((await byCustomId()).get('rv-1')).toMatchObject({description: 'Video', amount: '3.00'})
  })
})

describe('the dry run asks the service', () => {
  it('names the rows whose currency the service does not pay, and those beyond the balance; --offline skips it', async () => {
    const accounts = (await api('GET', '/api/v2/accounts')).data as Array<{
      currency: string
      balance: {available: string}
    }>
    const available = Number(accounts.find(a => a.currency === 'EUR')!.balance.available)
    const big = Math.floor(available / 3) + 1
    const rows = [1, 2, 3, 4, 5].map(i => `big-${i},Big ${i},${big}.00,EUR,big${i}@example.com,`)
    writeFileSync(
      path('dry.csv'),
      `${['customId,description,amount,currency,recipientEmail,tags', ...rows, 'x-1,Odd,1.00,XYZ,x@example.com,'].join('\n')}\n`,
    )
    const online = await runCommand(['payouts', 'import', path('dry.csv'), '--dry-run', '--and-then', 'pay'], {env})
    expect(online.code).toBe(6)
    expect(online.stdout).toContain(
      'Checked online: currencies (GET /payment-method-types) and balances (GET /accounts).',
    )
    expect(online.stdout).toMatch(
      /line 4: 3 rows from here on would not be approved: [\d]+\.00 EUR to approve, [\d]+\.00 EUR available/,
    )
    expect(online.stdout).toMatch(/line 7: currency XYZ is not paid out by the service \(it pays .*EUR/)
    expect(online.stderr).toContain('Error: WOULD_FAIL: the service would refuse rows of this file')

    const json = await importJson([path('dry.csv'), '--dry-run'])
    expect(json.code).toBe(6)
    expect(json.summary.checks).toEqual({online: true, problems: [{line: 7, message: expect.stringContaining('XYZ')}]})

    const offline = await runCommand(['payouts', 'import', path('dry.csv'), '--dry-run', '--offline'], {env})
    expect(offline.code, offline.stderr).toBe(0)
    expect(offline.stdout).toContain('Checked offline (--offline)')

    const down = await runCommand(['payouts', 'import', path('dry.csv'), '--dry-run'], {
      env: {...env, PAYCTL_ORIGIN: 'http://127.0.0.1:1'},
    })
    expect(down.code, down.stderr).toBe(0)
    expect(down.stdout).toContain('Checked offline: the service did not answer')
    expect(await count()).toBe(0)
  })
})
