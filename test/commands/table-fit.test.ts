import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {fitColumns, fitWidths, giveOf} from '../../src/cli/output/table-fit.js'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/**
 * Tables at 80 and 120 columns in a pseudo-terminal (issue #34, item 7): ids and timestamps are never cut,
 * free text gives way first, and where even that cannot fit the rows are shown one field a line.
 */

const ctx = useEmulator({reset: false})
const home = isolatedHome()
const env = () => ({...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL})

/** An id or a timestamp with `…` where it was cut. */
const CUT = /[a-z]+_[0-9a-f-]*…|\d{4}-[\d-]*…|\d{4}-\d{2}-\d{2} [\d:]*…/

async function shown(args: string[], columns: number): Promise<string[]> {
  const result = await runCliInTty(args, {env: env(), columns})
  expect(result.code, result.output).toBe(0)
  const lines = result.output.split('\n').filter(Boolean)
  for (const line of lines) {
    expect(line.length, line).toBeLessThanOrEqual(columns)
    expect(line, line).not.toMatch(CUT)
  }
  return lines
}

async function setUp(): Promise<{payoutIds: string[]; counterpartyId: string}> {
  const counterparty = await ctx.api.counterparty()
  const file = join(home.dir, 'licences.csv')
  const rows = [0, 1, 2].map(
    i => `licence-2026-${i},Licence fee for the autumn catalogue ${i},12.50,EUR,${counterparty.id}`,
  )
  writeFileSync(file, `customId,description,amount,currency,counterpartyId\n${rows.join('\n')}\n`)
  const imported = await runCommand(['payouts', 'import', file, '--and-then', 'pay', '--wait'], {env: env()})
  expect(imported.code, imported.stderr).toBe(0)
  const list = await ctx.api.get('/api/v2/payouts')
  return {payoutIds: list.body.data.map((p: {id: string}) => p.id), counterpartyId: counterparty.id}
}

describe('tables never cut ids or timestamps', () => {
  let made: {payoutIds: string[]; counterpartyId: string}
  beforeAll(async () => {
    made = await setUp()
  })

  for (const columns of [80, 120])
    it(`payouts, counterparties, transactions and import-status at ${columns} columns`, async () => {
      const {payoutIds, counterpartyId} = made
      const file = join(home.dir, 'licences.csv')
      const payouts = (await shown(['payouts', 'list'], columns)).join('\n')
      for (const id of payoutIds) expect(payouts).toContain(id)
      const v2 = (await shown(['payouts', 'list', '--api', 'v2'], columns)).join('\n')
      for (const id of payoutIds) expect(v2).toContain(id)
      const counterparties = (await shown(['counterparties', 'list'], columns)).join('\n')
      expect(counterparties).toContain(counterpartyId)
      const transactions = (await shown(['transactions', 'list'], columns)).join('\n')
      const transactionIds = (await ctx.api.get('/api/v2/transactions')).body.data.map((t: {id: string}) => t.id)
      expect(transactionIds.length).toBeGreaterThanOrEqual(3)
      for (const id of transactionIds) expect(transactions).toContain(id)
      const status = (await shown(['payouts', 'import-status', file], columns)).join('\n')
      for (const id of payoutIds) expect(status).toContain(id)
    }, 120_000)

  it('at 80 columns the payouts table leaves out Created, Custom ID and Recipient rather than cut them', async () => {
    const payout = await ctx.api.v2Create({customId: 'a-rather-long-custom-id'})
    const lines = await shown(['payouts', 'list'], 80)
    expect(lines[0]).toMatch(/^ID\s+Status\s+Amount\s+Description$/)
    expect(lines.find(line => line.startsWith(payout.id))).toBeDefined()
    const wide = await shown(['payouts', 'list'], 200)
    expect(wide[0]).toMatch(/^ID\s+Custom ID\s+Status\s+Amount\s+Description\s+Recipient\s+Created$/)
    // A table that cannot keep its ids whole even so is shown one field a line.
    const url = 'https://hooks.example.com/payctl/webhooks/the-receiver'
    expect((await runCommand(['webhooks', 'create', '--url', url], {env: env()})).code).toBe(0)
    expect(await shown(['webhooks', 'list'], 80)).toContain(`URL:        ${url}`)
  }, 60_000)

  it('free text gives way before anything else; ids and timestamps never', () => {
    expect(giveOf('id', ['payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'])).toBe('whole')
    expect(giveOf('created', ['2026-11-21 14:03', '-'])).toBe('whole')
    expect(giveOf('description', ['Royalties'])).toBe('first')
    expect(giveOf('status', ['paid'])).toBe('then')
    expect(giveOf('recipient', ['someone@example.com'])).toBe('whole')
    expect(giveOf('targetUrl', ['https://example.com/hooks'])).toBe('whole')
    // description (first) gives way, to 12, before status (then); the id (whole) never.
    expect(fitWidths([45, 30, 12], 72, ['whole', 'first', 'then'])).toEqual([45, 17, 12])
    expect(fitWidths([45, 30, 12], 70, ['whole', 'first', 'then'])).toEqual([45, 15, 12])
    expect(fitWidths([45, 30, 12], 66, ['whole', 'first', 'then'])).toEqual([45, 12, 11])
    expect(fitWidths([45, 30, 12], 60, ['whole', 'first', 'then'])).toBeUndefined()
    // Free text never cuts its header's longest word (here 15 with padding).
    expect(fitWidths([45, 30, 12], 66, ['whole', 'first', 'then'], undefined, [4, 15, 8])).toEqual([45, 15, 8])
    // Columns marked `drop` are left out, the highest first, before a column other than free text is cut; one
    // dropped on the way comes back when it fits again.
    const natural = [45, 30, 12, 20, 18]
    const give = ['whole', 'first', 'then', 'whole', 'whole'] as const
    expect(fitColumns(natural, 200, [...give], natural, [undefined, undefined, undefined, 1, 2])?.kept).toEqual([
      0, 1, 2, 3, 4,
    ])
    expect(fitColumns(natural, 92, [...give], natural, [undefined, undefined, undefined, 1, 2])).toEqual({
      kept: [0, 1, 2, 3],
      widths: [45, 17, 12, 20],
    })
    expect(fitColumns(natural, 92, [...give], natural, [undefined, undefined, undefined, 2, 1])?.kept).toEqual([
      0, 1, 2, 4,
    ])
    expect(fitColumns(natural, 50, [...give], natural, [undefined, undefined, undefined, 1, 2])).toBeUndefined()
    expect(fitWidths([10, 40, 10], undefined)).toEqual([10, 40, 10])
    // A header wider than its cells is cut before any value.
    expect(fitWidths([20, 30], 40, ['then', 'first'], [8, 30])).toEqual([12, 30])
  })
})
