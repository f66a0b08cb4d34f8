import {copyFileSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it, vi} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * A renamed copy of an imported counterparties file: its creates are answered with replays of the first
 * run's (same idempotency keys), so the summary says what the service holds, never `created`.
 */

vi.setConfig({testTimeout: 120_000})

const ctx = useEmulator({record: true})

const HEADER = 'customId,firstName,lastName,line1,city,postalCode,country,paymentMethod,iban,paymentCurrency'
const row = (i: number) =>
  `${i % 2 === 0 ? `cq-${i}` : ''},Ann ${i},Berg,Hauptstr. ${i},Berlin,10115,de,bank_iban,DE89 3704 0044 0532 0130 00,eur`

describe('counterparties import of a renamed copy', () => {
  it('reports every row already present (json, report, human) and creates nothing', async () => {
    const original = join(ctx.home.dir, 'cq.csv')
    const copy = join(ctx.home.dir, 'cq_copy.csv')
    writeFileSync(original, `${[HEADER, ...Array.from({length: 10}, (_, i) => row(i + 1))].join('\n')}\n`)
    const first = await runCli(['counterparties', 'import', original, '--json'], {env: ctx.env, timeoutMs: 60_000})
    expect(first.code, first.stderr).toBe(0)
    expect(JSON.parse(first.stdout)).toMatchObject({created: 10})
    copyFileSync(original, copy)

    ctx.proxy.requests.length = 0
    const report = join(ctx.home.dir, 'report.csv')
    const again = await runCli(['counterparties', 'import', copy, '--json', '--report', report], {
      env: ctx.env,
      timeoutMs: 60_000,
    })
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({created: 0, alreadyPresent: 10, updated: 0, failed: 0})
    const statuses = readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map(line => line.split(',')[3])
    expect(statuses).toEqual(Array.from({length: 10}, () => 'present'))
    expect(ctx.proxy.requests.filter(r => !r.startsWith('GET ') && r !== 'POST /api/v2/counterparties')).toEqual([])
    const listed = await ctx.api.get('/api/v2/counterparties', {query: {limit: 100}})
    expect(listed.body.data).toHaveLength(10)

    copyFileSync(original, join(ctx.home.dir, 'cq_copy2.csv'))
    const human = await runCli(['counterparties', 'import', join(ctx.home.dir, 'cq_copy2.csv')], {
      env: ctx.env,
      timeoutMs: 60_000,
    })
    expect(human.code, human.stderr).toBe(0)
    expect(human.stdout).toMatch(/Present:\s+10 \(already on the service\)/)
    expect(`${human.stdout}${human.stderr}`).not.toMatch(/created/)
  })
})
