import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * What each command shows for a deleted payout (issue #34, item 10; spec section 3: v1 keeps it with status
 * `deleted`, v2 answers 404): the v1 list and `get --api v1` show it deleted, the v2 list leaves it out, and
 * `get` (v2) exits 4 saying it was deleted and how to see it.
 */

const ctx = useEmulator()
const home = isolatedHome()
const cli = (args: string[]) => runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}})

describe('a deleted payout', () => {
  it('v1 shows it deleted, v2 leaves it out, and get says it was deleted (exit 4)', async () => {
    const payout = await ctx.api.v2Create({customId: 'gone-1'})
    expect((await cli(['payouts', 'delete', payout.id])).code).toBe(0)

    const get = await cli(['payouts', 'get', payout.id])
    expect(get.code).toBe(4)
    expect(get.stderr).toContain(`Error: PAYOUT_NOT_FOUND: payout ${payout.id} was deleted`)
    expect(get.stderr).toContain(`"payctl payouts get ${payout.id} --api v1" shows it with status deleted`)
    const byCustomId = await cli(['payouts', 'get', '--custom-id', 'gone-1', '--json'])
    expect(byCustomId.code).toBe(4)
    expect(JSON.parse(byCustomId.stderr).error).toMatchObject({exitCode: 4, code: 'PAYOUT_NOT_FOUND'})

    const v1 = await cli(['payouts', 'get', payout.id, '--api', 'v1', '--json'])
    expect(JSON.parse(v1.stdout).status).toBe('deleted')
    const listV1 = JSON.parse((await cli(['payouts', 'list', '--json'])).stdout) as Array<{status: string}>
    expect(listV1.map(p => p.status)).toContain('deleted')
    const listV2 = JSON.parse((await cli(['payouts', 'list', '--api', 'v2', '--json'])).stdout) as Array<{id: string}>
    expect(listV2.map(p => p.id)).not.toContain(payout.id)
  })

  it('an id no generation knows keeps the plain not-found line', async () => {
    const get = await cli(['payouts', 'get', 'payout_00000000-0000-4000-8000-000000000000'])
    expect(get.code).toBe(4)
    expect(get.stderr).toMatch(/^Error: PAYOUT_NOT_FOUND: no payout payout_0{8}-/)
    expect(get.stderr).not.toContain('deleted')
  })
})
