import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it, vi} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2} from './helpers.js'

/**
 * The dry run checks each row's body with the contract's request schema: a row breaking a rule the contract knows
 * (and the import's columns alone did not) is refused by the dry run and by the import, line and column named,
 * nothing sent; the rows next to it are fine.
 */

vi.setConfig({testTimeout: 120_000})

const ctx = useEmulator()

/** A CSV of `lines` in a fresh home, and the environment that imports it into the emulator. */
function csvFile(name: string, lines: string[]): {file: string; env: Record<string, string>} {
  const home = isolatedHome()
  const file = join(home.dir, name)
  writeFileSync(file, [...lines, ''].join('\n'))
  return {file, env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}}
}

/** The dry run refuses the file (exit 6): the line and column of every refused cell. */
async function refusedCells(file: string, env: Record<string, string>, args: string[] = []) {
  const dry = await runCommand(['payouts', 'import', file, ...args, '--dry-run', '--json'], {env})
  expect(dry.code, dry.stderr).toBe(6)
  return JSON.parse(dry.stdout).errors.map(({line, column}: {line: number; column: string}) => ({line, column}))
}

/** The import itself refuses the file too (exit 6). */
async function importRefused(file: string, env: Record<string, string>, args: string[] = []) {
  const real = await runCommand(['payouts', 'import', file, ...args], {env})
  expect(real.code, real.stderr).toBe(6)
}

describe('payouts import: rows checked with the contract', () => {
  it('a too-long customId, a too-long tag and a too-long description are refused with line and column', async () => {
    const {file, env} = csvFile('rows.csv', [
      'customId,description,amount,currency,email,tags',
      'ok-1,Royalties,1.00,EUR,a@example.com,a;b',
      `${'c'.repeat(256)},Royalties,1.00,EUR,b@example.com,`,
      `ok-3,Royalties,1.00,EUR,c@example.com,${'t'.repeat(101)}`,
      `ok-4,${'d'.repeat(1001)},1.00,EUR,d@example.com,`,
    ])
    expect(await refusedCells(file, env)).toEqual([
      {line: 3, column: 'customId'},
      {line: 4, column: 'tags'},
      {line: 5, column: 'description'},
    ])
    await importRefused(file, env)
    expect(await allPayoutsV2(ctx.emu.url, FULL)).toHaveLength(0)
  })
  it('--api v1: the v1 body is checked the same way (a too-long customId and description), nothing sent', async () => {
    const {file, env} = csvFile('rows-v1.csv', [
      'customId,description,payoutAmount,currency,email',
      'ok-1,Royalties,1.00,EUR,a@example.com',
      `${'c'.repeat(256)},Royalties,1.00,EUR,b@example.com`,
      `ok-3,${'d'.repeat(1001)},1.00,EUR,c@example.com`,
    ])
    expect(await refusedCells(file, env, ['--api', 'v1'])).toEqual([
      {line: 3, column: 'customId'},
      {line: 4, column: 'description'},
    ])
    await importRefused(file, env, ['--api', 'v1'])
    expect(await ctx.api.v1Count()).toBe(0)
  })
  it('a row naming its payout by id is checked as the update it sends (a too-long description), nothing sent', async () => {
    const payout = await ctx.api.v2Create({customId: 'by-id', description: 'Before'})
    const {file, env} = csvFile('rows-by-id.csv', ['id,description', `${payout.id},${'d'.repeat(1001)}`])
    const [error] = await refusedCells(file, env)
    expect(error).toMatchObject({line: 2, column: 'description'})
    await importRefused(file, env)
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.description).toBe('Before')
  })
})
