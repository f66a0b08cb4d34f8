import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayouts, allPayoutsV2, writeCsv} from './helpers.js'

/**
 * What a real import tells the people and the cron jobs that run it: the rows --skip-invalid leaves out, the
 * header's empty trailing columns, the decimal-comma hint, --quiet's ids, the retry advice naming the file.
 * The CLI against the emulator.
 */

vi.setConfig({testTimeout: 60_000})

const ctx = useEmulator()
const csv = (name: string) => join(ctx.home.dir, name)
const run = (...args: string[]) => runCommand(['payouts', 'import', ...args], {env: ctx.env})

describe('a real import, for people and cron', () => {
  it('--skip-invalid names every row it leaves out (line and reason), the first 20, then a count', async () => {
    const replace: Record<number, string> = {}
    for (let i = 1; i <= 25; i++) replace[i * 2] = `bad-${i},Bad,1e${i},EUR,bad${i}@example.com,`
    writeCsv(csv('skips.csv'), 60, {replace})
    const result = await run(csv('skips.csv'), '--skip-invalid')
    expect(result.code, result.stderr).toBe(8)
    expect(result.stderr).toContain('Warning: 25 invalid rows will be left out (--skip-invalid):')
    const named = [...result.stderr.matchAll(/^ {2}line (\d+): column amount: /gm)].map(m => Number(m[1]))
    expect(named).toEqual(Array.from({length: 20}, (_, i) => (i + 1) * 2 + 1))
    expect(result.stderr).toContain('  … and 5 more (--dry-run lists them all)')
    expect(await allPayouts(ctx.url, LOCAL_EMULATOR.fullKey)).toHaveLength(35)
  })

  it("a header's empty trailing columns are ignored, with or without trailing commas in the rows", async () => {
    writeFileSync(
      csv('trailing.csv'),
      [
        'customId,description,amount,currency,recipientEmail,,',
        't-1,One,1.00,EUR,one@example.com',
        't-2,Two,2.00,EUR,two@example.com,,',
        't-3,Three,3.00,EUR,three@example.com,',
      ].join('\n'),
    )
    const result = await run(csv('trailing.csv'), '--json')
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({rows: 3, valid: 3, created: 3})
  })

  it('a row with more fields than a plain header gets the decimal-comma hint', async () => {
    writeFileSync(
      csv('comma.csv'),
      'customId,description,amount,currency,recipientEmail\nc-1,Desc,12,5,EUR,c@example.com\n',
    )
    const result = await run(csv('comma.csv'), '--dry-run')
    expect(result.code).toBe(6)
    expect(result.stdout).toContain('line 2: 6 fields, but the header has 5 (an unquoted decimal comma, as in 12,5?)')
  })

  it('--quiet prints the ids of the payouts, one per line, also on a re-run', async () => {
    writeCsv(csv('quiet.csv'), 150, {prefix: 'quiet'})
    const result = await run(csv('quiet.csv'), '--quiet')
    expect(result.code, result.stderr).toBe(0)
    const payouts = await allPayoutsV2(ctx.url, LOCAL_EMULATOR.fullKey)
    const byCustomId = new Map(payouts.map(p => [p.customId, p.id]))
    const expected = Array.from({length: 150}, (_, i) => byCustomId.get(`quiet-${i + 1}`))
    expect(result.stdout.trimEnd().split('\n')).toEqual(expected)
    const again = await run(csv('quiet.csv'), '--quiet')
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toBe(result.stdout)
  })

  it('a description that begins with a tab keeps it (a formula guarded as text stays text)', async () => {
    writeFileSync(
      csv('tab.csv'),
      'customId,description,amount,currency,recipientEmail\ntab-1,"\t=1+1",1.00,EUR,t@example.com\n',
    )
    const result = await run(csv('tab.csv'), '--json')
    expect(result.code, result.stderr).toBe(0)
    const payout = (await ctx.api.get('/api/v2/payouts/tab-1')).body
    expect(payout.description).toBe('\t=1+1')
  })

  it('a payout whose description begins with a tab, exported (guarded with a quote) and imported back: already present', async () => {
    await ctx.api.v2Create({customId: 'tab-export', description: '\t=1+1'})
    const listed = await runCommand(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv'], {env: ctx.env})
    expect(listed.stdout).toContain("'\t=1+1")
    writeFileSync(csv('export.csv'), listed.stdout)
    const result = await run(csv('export.csv'), '--json')
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({rows: 1, created: 0, updated: 0, alreadyPresent: 1})
  })

  it('payments declined at once: the retry advice names the file as it was given', async () => {
    const failing = await ctx.api.counterparty({
      paymentMethod: {
        type: 'bank_iban',
        iban: 'DE89370400440532013000',
        currency: 'EUR',
        accountHolderName: 'SANDBOX FAIL Grace',
      },
    })
    const file = csv('pay me.csv')
    writeFileSync(file, `customId,description,amount,currency,counterpartyId\nd-1,Declined,5.00,EUR,${failing.id}\n`)
    const result = await run(file, '--and-then', 'pay', '--yes')
    expect(result.code, result.stderr).toBe(8)
    expect(result.stderr).toContain(`payctl payouts import-status '${file}' --retry-failed`)
    expect(result.stderr).not.toContain('import-status FILE')
  })
})
