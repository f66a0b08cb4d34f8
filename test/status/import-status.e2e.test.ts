import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {type Body, counterpartyBody, FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * The operator's loop end to end, the built CLI against the emulator: a 250-row file imported with
 * `--and-then pay` to counterparties of which some carry the sandbox failure trigger; `--wait` names exactly
 * the failed rows (exit 8); import-status equals the emulator's state row by row; after the counterparties'
 * payment methods are fixed, `--retry-failed --wait` pays them (exit 0).
 */

// One emulator for the whole loop: each step starts from the state the one before left.
const ctx = useEmulator({reset: false})
const home = isolatedHome()
const cli = (args: string[]) => runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}})

const ROWS = 250
const GOOD_METHOD = {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'}
const FAILING_METHOD = {...GOOD_METHOD, accountHolderName: 'SANDBOX FAIL Grace'}

let counterparties: Body[]
let failingLines: number[]
const file = join(home.dir, 'payouts.csv')

/** Rows 2..251 (line 1 is the header); every fifth counterparty fails; some rows have no customId. */
async function writeFile() {
  counterparties = []
  for (let i = 0; i < 10; i++)
    counterparties.push(
      await ctx.api.counterparty(counterpartyBody({paymentMethod: i % 5 === 4 ? FAILING_METHOD : GOOD_METHOD})),
    )
  const lines = ['customId,description,amount,currency,counterpartyId']
  failingLines = []
  for (let i = 0; i < ROWS; i++) {
    const counterparty = counterparties[i % 10]
    const customId = i % 25 === 7 ? '' : `row-${i}`
    lines.push(`${customId},Royalties ${i},${(i % 7) + 1}.25,EUR,${counterparty.id}`)
    if (i % 10 === 4 || i % 10 === 9) failingLines.push(i + 2)
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
}

const linesOfFailures = (stderr: string) =>
  [...stderr.matchAll(/^ {2}line (\d+)(?: \(customId "[^"]+"\))?: failed: account_closed: /gm)].map(m => Number(m[1]))

describe('import → wait → status → retry', () => {
  beforeAll(writeFile)

  it('import --and-then pay --wait exits 8 and lists exactly the failed rows', async () => {
    const result = await cli(['payouts', 'import', file, '--and-then', 'pay', '--wait', '--timeout', '30s'])
    expect(result.code, result.stderr).toBe(8)
    expect(linesOfFailures(result.stderr)).toEqual(failingLines)
    expect(result.stderr).toMatch(/^Error: ROWS_FAILED: 50 of 250 rows did not go through \(failed: 50\)/m)
  })

  it('import-status --output json equals the emulator state row by row', async () => {
    const result = await cli(['payouts', 'import-status', file, '--output', 'json'])
    expect(result.code).toBe(8)
    const rows = JSON.parse(result.stdout) as Body[]
    expect(rows.map(r => r.line)).toEqual(Array.from({length: ROWS}, (_, i) => i + 2))
    for (const row of rows) {
      const payout = (await ctx.api.get(`/api/v2/payouts/${encodeURIComponent(row.customId)}`)).body
      expect(row).toMatchObject({
        payoutId: payout.id,
        status: payout.status,
        amount: payout.amount,
        currency: payout.currency,
        counterpartyId: payout.counterpartyId,
        updatedAt: payout.updatedAt,
      })
      expect(row.failureCode).toBe(payout.failureCode)
    }
    expect(rows.filter(r => r.status === 'failed').map(r => r.line)).toEqual(failingLines)
    expect(result.stderr).toMatch(/^ {2}completed\s+200\s+\d+\.\d{2} EUR$/m)
    expect(result.stderr).toMatch(/^ {2}failed\s+50\s+\d+\.\d{2} EUR$/m)
  })

  it('--retry-failed on a production profile needs a confirmation naming count and totals: without --yes exit 2, nothing paid', async () => {
    const added = await runCommand(
      ['profiles', 'add', 'prod', '--environment', 'production', '--origin', ctx.emu.url],
      {
        env: home.env,
      },
    )
    expect(added.code, added.stderr).toBe(0)
    const total = failingLines.reduce((sum, line) => sum + ((line - 2) % 7) + 1.25, 0)
    const result = await runCommand(['payouts', 'import-status', file, '--retry-failed', '--profile', 'prod'], {
      env: {...home.env, PAYCTL_API_KEY: FULL},
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `Error: USAGE: refusing to pay failed payouts again (50 items, ${total.toFixed(2)} EUR) on PRODUCTION without confirmation; add --yes to confirm in scripts`,
    )
    const failed = await ctx.api.get('/api/v2/payouts', {query: {status: 'failed', limit: 100}})
    expect(failed.body.data).toHaveLength(50)
  })

  it('--output csv can be imported again (the same rows, the same identities)', async () => {
    const result = await cli(['payouts', 'import-status', file, '--output', 'csv'])
    const csv = join(home.dir, 'status.csv')
    writeFileSync(csv, result.stdout)
    const header = result.stdout.split('\n')[0]
    expect(header).toBe(
      'line,customId,description,amount,currency,recipientEmail,recipientPhone,counterpartyId,tags,payoutId,status,failure,failureReason,createdAt,approvedAt,claimLinkSentAt,requestedAt,completedAt,updatedAt',
    )
    const dry = await cli(['payouts', 'import', csv, '--dry-run', '--json'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(JSON.parse(dry.stdout)).toMatchObject({rows: ROWS, valid: ROWS, invalid: 0})
  })

  it('after the payment methods are fixed, --retry-failed --wait pays exactly the failed ones: all completed, exit 0', async () => {
    for (const counterparty of counterparties.filter((_, i) => i % 5 === 4)) {
      const res = await ctx.api.patch(`/api/v2/counterparties/${counterparty.id}`, {paymentMethod: GOOD_METHOD})
      expect(res.status, res.text).toBe(200)
    }
    const result = await cli(['payouts', 'import-status', file, '--retry-failed', '--wait', '--output', 'jsonl'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(/^Paid again: 50 payouts, lines 6, 11, 16, .* and 40 more \(counterparty payouts\)/m)
    const rows = result.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    expect(rows).toHaveLength(ROWS)
    expect(rows.every(r => r.status === 'completed')).toBe(true)
    const again = await cli(['payouts', 'import-status', file, '--retry-failed'])
    expect(again.code).toBe(0)
    expect(again.stderr).toContain('No failed payouts to retry.')
  })

  it('a file never imported: every row is not-imported (exit 8); a file that is not CSV is exit 6', async () => {
    const other = join(home.dir, 'other.csv')
    writeFileSync(other, 'customId,description,amount,currency,recipientEmail\nnew-1,x,1.00,EUR,a@example.com\n')
    const result = await cli(['payouts', 'import-status', other, '-o', 'table'])
    expect(result.code).toBe(8)
    expect(result.stdout).toMatch(/^\s+2\s+new-1\s+1.00 EUR\s+-\s+not-imported/m)
    const bad = join(home.dir, 'bad.csv')
    writeFileSync(bad, readFileSync(other, 'utf8').replace('amount', 'amuont'))
    expect((await cli(['payouts', 'import-status', bad])).code).toBe(6)
  })
})
