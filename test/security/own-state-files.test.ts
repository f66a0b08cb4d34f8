import {chmodSync, chownSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {EMAIL_PAYOUT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * The state payctl keeps for itself in its data folder decides what a run sends: the kept idempotency keys decide
 * whether a create is a re-run. Such a file, or its folder, that another user owns or can write is refused as
 * --since-state refuses its FILE (exit 2, one line naming it, nothing sent). The tests run as root: "another user"
 * is uid 4242.
 */

const ctx = useEmulator()
const OTHER = 4242
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})
const errors = (stderr: string) => stderr.split('\n').filter(line => line.startsWith('Error:'))
const payoutCount = async () => (await ctx.api.get('/api/v2/payouts?limit=100')).body.data.length

const create = ['payouts', 'create', ...EMAIL_PAYOUT]

/** The kept-keys folder and file after a create whose answer was lost. */
async function keptKeys(): Promise<{folder: string; file: string}> {
  const fault = {
    method: 'POST',
    path: '/api/v2/payouts',
    count: 4,
    action: 'status-after-commit',
    status: 502,
    retryAfter: 0,
  }
  expect((await ctx.api.post('/_emulator/faults', fault, {key: null})).status).toBe(200)
  expect((await runCommand(create, {env: env()})).code).toBe(7)
  const folder = join(ctx.home.dir, 'data', 'kept-keys')
  const file = readdirSync(folder).find(name => name.endsWith('.json'))!
  return {folder, file: join(folder, file)}
}

describe('the kept idempotency keys must be the user own', () => {
  const cases: Array<[string, (at: {folder: string; file: string}) => void, RegExp]> = [
    ['the file writable by every user', ({file}) => chmodSync(file, 0o666), /is writable by every user \(mode 0666\)/],
    ['the file owned by another user', ({file}) => chownSync(file, OTHER, OTHER), /is owned by uid 4242, not by you/],
    ['the folder writable by its group', ({folder}) => chmodSync(folder, 0o770), /is writable by its group/],
  ]
  for (const [name, spoil, why] of cases)
    it(`${name}: exit 2, one line, nothing sent`, async () => {
      const at = await keptKeys()
      spoil(at)
      const result = await runCommand(create, {env: env()})
      expect(result.code, result.stderr).toBe(2)
      expect(errors(result.stderr)).toEqual([expect.stringMatching(/^Error: USAGE: the kept idempotency keys: /)])
      expect(result.stderr).toMatch(why)
      expect(await payoutCount()).toBe(1)
    })
})
