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

describe('payouts import: rows checked with the contract', () => {
  it('a too-long customId, a too-long tag and a too-long description are refused with line and column', async () => {
    const home = isolatedHome()
    const env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
    const file = join(home.dir, 'rows.csv')
    writeFileSync(
      file,
      [
        'customId,description,amount,currency,email,tags',
        'ok-1,Royalties,1.00,EUR,a@example.com,a;b',
        `${'c'.repeat(256)},Royalties,1.00,EUR,b@example.com,`,
        `ok-3,Royalties,1.00,EUR,c@example.com,${'t'.repeat(101)}`,
        `ok-4,${'d'.repeat(1001)},1.00,EUR,d@example.com,`,
        '',
      ].join('\n'),
    )
    const dry = await runCommand(['payouts', 'import', file, '--dry-run', '--json'], {env})
    expect(dry.code, dry.stderr).toBe(6)
    const errors = JSON.parse(dry.stdout).errors.map(({line, column}: {line: number; column: string}) => ({
      line,
      column,
    }))
    expect(errors).toEqual([
      {line: 3, column: 'customId'},
      {line: 4, column: 'tags'},
      {line: 5, column: 'description'},
    ])
    const real = await runCommand(['payouts', 'import', file], {env})
    expect(real.code, real.stderr).toBe(6)
    expect(await allPayoutsV2(ctx.emu.url, FULL)).toHaveLength(0)
  })
  it('--api v1: the v1 body is checked the same way (a too-long customId and description), nothing sent', async () => {
    const home = isolatedHome()
    const env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
    const file = join(home.dir, 'rows-v1.csv')
    writeFileSync(
      file,
      [
        'customId,description,payoutAmount,currency,email',
        'ok-1,Royalties,1.00,EUR,a@example.com',
        `${'c'.repeat(256)},Royalties,1.00,EUR,b@example.com`,
        `ok-3,${'d'.repeat(1001)},1.00,EUR,c@example.com`,
        '',
      ].join('\n'),
    )
    const dry = await runCommand(['payouts', 'import', file, '--api', 'v1', '--dry-run', '--json'], {env})
    expect(dry.code, dry.stderr).toBe(6)
    const errors = JSON.parse(dry.stdout).errors.map(({line, column}: {line: number; column: string}) => ({
      line,
      column,
    }))
    expect(errors).toEqual([
      {line: 3, column: 'customId'},
      {line: 4, column: 'description'},
    ])
    const real = await runCommand(['payouts', 'import', file, '--api', 'v1'], {env})
    expect(real.code, real.stderr).toBe(6)
    expect(await ctx.api.v1Count()).toBe(0)
  })
  it('a row naming its payout by id is checked as the update it sends (a too-long description), nothing sent', async () => {
    const home = isolatedHome()
    const env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
    const payout = await ctx.api.v2Create({customId: 'by-id', description: 'Before'})
    const file = join(home.dir, 'rows-by-id.csv')
    writeFileSync(file, ['id,description', `${payout.id},${'d'.repeat(1001)}`, ''].join('\n'))
    const dry = await runCommand(['payouts', 'import', file, '--dry-run', '--json'], {env})
    expect(dry.code, dry.stderr).toBe(6)
    const [error] = JSON.parse(dry.stdout).errors
    expect(error).toMatchObject({line: 2, column: 'description'})
    const real = await runCommand(['payouts', 'import', file], {env})
    expect(real.code, real.stderr).toBe(6)
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.description).toBe('Before')
  })
})
