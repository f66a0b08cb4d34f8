import {chmodSync, chownSync, readdirSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {EMAIL_PAYOUT, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {ok, useMcpSessions} from '../mcp/mcp-client.js'

/**
 * The state payctl keeps for itself in its data folder decides what a run sends: the kept idempotency keys decide
 * whether a create is a re-run, an import journal which rows are sent, the MCP approval URLs record which payouts no
 * tool may change. Such a file, or its folder, that another user owns or can write is refused as --since-state
 * refuses its FILE (exit 2, one line naming it, nothing sent). The tests run as root: "another user" is uid 4242.
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

/** Every file below `folder` whose name ends with `suffix`. */
const filesBelow = (folder: string, suffix: string) =>
  (readdirSync(folder, {recursive: true}) as string[])
    .filter(name => name.endsWith(suffix))
    .map(name => join(folder, name))

describe('an import journal must be the user own', () => {
  it('writable by every user: the import and its dry run stop before sending, exit 2, one line naming it', async () => {
    const csv = join(ctx.home.dir, 'payouts.csv')
    writeFileSync(csv, 'description,amount,currency,recipientEmail\nFee,5.00,EUR,a@example.com\n')
    const first = await runCommand(['payouts', 'import', csv], {env: env()})
    expect(first.code, first.stderr).toBe(0)
    const [journal] = filesBelow(join(ctx.home.dir, 'data', 'imports'), '.jsonl')
    chmodSync(journal, 0o666)
    writeFileSync(
      csv,
      'description,amount,currency,recipientEmail\nFee,5.00,EUR,a@example.com\nTip,1.00,EUR,b@example.com\n',
    )
    for (const args of [
      ['payouts', 'import', csv],
      ['payouts', 'import', csv, '--dry-run'],
    ]) {
      const result = await runCommand(args, {env: env()})
      expect(result.code, result.stderr).toBe(2)
      expect(errors(result.stderr)).toEqual([
        expect.stringMatching(/^Error: USAGE: the import journal: .* is writable by every user \(mode 0666\)/),
      ])
    }
    expect(await payoutCount()).toBe(1)
  })
})

describe('the MCP approval URLs record must be the user own', () => {
  const mcp = useMcpSessions()

  it('a server does not start over a record in a folder others can write; a record spoiled while it runs withholds the URL', async () => {
    const served = await mcp([], env())
    ok(await served.call('payouts_create', {amount: '1.00', currency: 'EUR', description: 'a', email: 'a@example.com'}))
    const [record] = filesBelow(join(ctx.home.dir, 'data', 'mcp'), 'approval-urls.jsonl')
    chmodSync(record, 0o606)
    const answer = ok(
      await served.call('payouts_create', {amount: '2.00', currency: 'EUR', description: 'b', email: 'b@example.com'}),
    )
    expect(answer.approvalUrl).toBeUndefined()
    expect(answer.warnings.join('\n')).toMatch(
      /no approval URL: .*the approval URLs record: .* is writable by every user/,
    )
    chmodSync(record, 0o600)
    chmodSync(dirname(record), 0o770)
    const refused = await runCli(['mcp'], {env: env()})
    expect(refused.code, refused.stderr).toBe(2)
    expect(errors(refused.stderr)).toEqual([
      expect.stringMatching(/^Error: USAGE: the approval URLs record: .* is writable by its group/),
    ])
  })
})
