import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {type Body, counterpartyBody, FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * The rows' first reads (GET /api/v2/payouts/{customId}) ride through a run of 503s longer than the client's
 * own retries (4 tries a read), as polling does, instead of ending with exit 7 at the first read that ran out.
 */

const ctx = useEmulator()
const home = isolatedHome()
const cli = (args: string[]) => runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}})

async function writeFile(name: string): Promise<string> {
  const counterparty: Body = await ctx.api.counterparty(counterpartyBody())
  const file = join(home.dir, name)
  const rows = [1, 2, 3].map(i => `${name}-${i},Royalties ${i},${i}.50,EUR,${counterparty.id}`)
  writeFileSync(file, `customId,description,amount,currency,counterpartyId\n${rows.join('\n')}\n`)
  return file
}

/** 503 (Retry-After 0) for the next 12 single-payout reads: three reads' worth of client retries. */
const failReads = () =>
  control(ctx.emu.url, 'POST', '/_emulator/faults', {
    method: 'GET',
    path: '/api/v2/payouts/',
    count: 12,
    action: 'status',
    status: 503,
    retryAfter: 0,
  })

const faultsLeft = async () => (await control(ctx.emu.url, 'GET', '/_emulator/faults')).data.length

describe('transient faults during the rows reads', () => {
  it('import --wait rides through them and exits 0', async () => {
    const file = await writeFile('wait.csv')
    await failReads()
    const result = await cli(['payouts', 'import', file, '--and-then', 'pay', '--wait', '--timeout', '60s'])
    expect(result.code, result.stderr).toBe(0)
    expect(await faultsLeft()).toBe(0)
  }, 90_000)

  it('import-status rides through them: every row with its status, exit 0', async () => {
    const file = await writeFile('status.csv')
    expect((await cli(['payouts', 'import', file])).code).toBe(0)
    await failReads()
    const result = await cli(['payouts', 'import-status', file, '--output', 'json'])
    expect(result.code, result.stderr).toBe(0)
    expect((JSON.parse(result.stdout) as Body[]).map(row => [row.line, row.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
    ])
    expect(await faultsLeft()).toBe(0)
  }, 90_000)
})
