import {rmSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {EMAIL_PAYOUT, isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2, writeCsv} from './helpers.js'

/**
 * A create keyed by customId that the service answers 409 is settled by looking the customId up, whatever
 * the code and wording: the emulator's fault injection answers 409 with code CONFLICT and words of its own,
 * as another implementation of the service would.
 */

vi.setConfig({testTimeout: 120_000})

const ctx = useEmulator()
let home: ReturnType<typeof isolatedHome>
let env: Record<string, string>

beforeEach(() => {
  home = isolatedHome()
  env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
})

const path = (name: string) => join(home.dir, name)

const conflictOn = async (method: string, route: string, code = 'CONFLICT') => {
  const res = await ctx.api.post(
    '/_emulator/faults',
    {method, path: route, count: 1, action: 'status', status: 409, code, message: 'Duplicate reference'},
    {key: null},
  )
  expect(res.status, res.text).toBe(200)
}

const importJson = async (file: string) => {
  const result = await runCommand(['payouts', 'import', file, '--json'], {env})
  return {...result, summary: result.stdout ? JSON.parse(result.stdout) : undefined}
}

/** The file imported once, then the journal lost: a fresh machine for rows the service holds. */
async function importedThenForgotten(rows: number): Promise<void> {
  writeCsv(path('a.csv'), rows)
  expect((await importJson(path('a.csv'))).code).toBe(0)
  rmSync(join(home.dir, 'data'), {recursive: true, force: true})
}

describe('payouts import on a fresh machine, for rows the service already holds', () => {
  for (const code of ['CONFLICT', 'INVALID_STATE', 'DUPLICATE_CUSTOM_ID'])
    it(`409 ${code} in other words: every row is already present, exit 0`, async () => {
      await importedThenForgotten(6)
      await conflictOn('POST', '/api/v2/payouts/batch', code)
      const again = await importJson(path('a.csv'))
      expect(again.code, again.stderr).toBe(0)
      expect(again.summary).toMatchObject({created: 0, alreadyPresent: 6, conflicts: 0, failed: 0})
      expect(await allPayoutsV2(ctx.emu.url, FULL)).toHaveLength(6)
    })

  it('a row the service holds with other values is a conflict that shows both versions', async () => {
    await importedThenForgotten(3)
    const payout = (await allPayoutsV2(ctx.emu.url, FULL)).find(p => p.customId === 'imp-2')!
    await ctx.api.patch(`/api/v2/payouts/${payout.id}`, {amount: '9.99'})
    await conflictOn('POST', '/api/v2/payouts/batch')
    const again = await importJson(path('a.csv'))
    expect(again.code, again.stderr).toBe(5)
    expect(again.summary).toMatchObject({created: 0, alreadyPresent: 2, conflicts: 1, failed: 0})
    expect(again.summary.problems[0]).toMatchObject({line: 3, customId: 'imp-2'})
    expect(again.summary.problems[0].error).toBe(
      `the service holds ${payout.id} (created) under this customId with other values: amount: ours "3.50", the service's "9.99"`,
    )
  })
})

describe('payouts create --custom-id answered 409', () => {
  const create = (description = 'x') =>
    runCommand(
      [
        'payouts',
        'create',
        ...EMAIL_PAYOUT.slice(0, 4),
        '--email',
        'a@example.com',
        '--description',
        description,
        '--custom-id',
        'inv-7',
      ],
      {env},
    )

  it('with the same values: already present, exit 0, nothing created', async () => {
    expect((await create()).code).toBe(0)
    await conflictOn('POST', '/api/v2/payouts')
    const again = await create()
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/^Payout payout_\S+ already present under customId inv-7: nothing created$/m)
    expect(await allPayoutsV2(ctx.emu.url, FULL)).toHaveLength(1)
  })

  it("with other values: exit 5 naming both versions (the emulator's own 409, no fault)", async () => {
    expect((await create()).code).toBe(0)
    const again = await create('other')
    expect(again.code).toBe(5)
    expect(again.stderr).toMatch(
      /^Error: CONFLICT: customId inv-7: the service holds payout_\S+ \(created\) under this customId with other values: description: ours "other", the service's "x"/m,
    )
  })
})
