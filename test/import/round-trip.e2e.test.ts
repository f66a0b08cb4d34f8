import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {Api, type Body, FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayouts} from './helpers.js'

/**
 * Every CSV payctl writes imports back with nothing new: `payouts list -o csv` of both generations,
 * `payouts import-status -o csv` and the import's `--report`, each imported into a home of its own (no journal:
 * another computer). The team holds payouts of every kind: v1 ones (a social handle, no customId, immutable,
 * pre-approved, deleted) and v2 ones (counterparty payouts paid and declined, e-mail, phone, no customId). The
 * payouts are counted on the service before and after. Then a file mixing exported rows (one changed while
 * created, one changed after it moved on) and new rows does both.
 */

vi.setConfig({testTimeout: 120_000})

const emulator = useEmulator({reset: false})
let api: Api
let payouts: number
const home = isolatedHome()

/** A payctl command in a home of its own (a fresh journal), or in `where`. */
async function cli(args: string[], where = isolatedHome()) {
  return runCommand(args, {env: {...where.env, PAYCTL_ORIGIN: emulator.url}})
}

const importJson = async (file: string, flags: string[] = [], where = isolatedHome()) => {
  const result = await cli(['payouts', 'import', file, '--json', ...flags], where)
  return {...result, summary: JSON.parse(result.stdout || '{}')}
}

const write = (name: string, text: string) => {
  const file = join(home.dir, name)
  writeFileSync(file, text)
  return file
}

/** Every payout of the team, the deleted one included (the v1 list shows it; v2 hides it). */
const count = async () => (await allPayouts(emulator.url, FULL)).length

async function ok(res: Promise<{status: number; text: string; body: Body}>): Promise<Body> {
  const answer = await res
  expect(answer.status, answer.text).toBeLessThan(300)
  return answer.body
}

beforeAll(async () => {
  api = new Api(emulator.url)
  const good = await api.counterparty()
  const failing = await api.counterparty({
    paymentMethod: {
      type: 'bank_iban',
      iban: 'DE89370400440532013000',
      currency: 'EUR',
      accountHolderName: 'SANDBOX FAIL Ann',
    },
  })
  await api.v1Create({customId: 'v1-handle', creatorHandle: '@maria', verificationMethod: 'youtube-channel'})
  await api.v1Create({description: 'No customId (v1)', email: 'nocid1@example.com'})
  await api.v1Create({customId: 'v1-immutable', payoutType: 'manual-immutable', tags: ['x', 'y']})
  await api.v1Create({customId: 'v1-pre', preApproved: true, payoutAmount: '3.00'})
  const gone = await api.v1Create({customId: 'v1-deleted', payoutAmount: '4.00'})
  await ok(api.delete(`/api/v1/payout/${gone.id}`))
  const v2 = (body: Body) =>
    ok(api.post('/api/v2/payouts', {description: 'v2', amount: '7.25', currency: 'EUR', ...body}))
  await v2({customId: 'cp-paid', counterpartyId: good.id, andThen: 'pay'})
  await v2({customId: 'cp-declined', counterpartyId: failing.id, andThen: 'pay'})
  await v2({recipient: {type: 'email', email: 'nocid2@example.com'}})
  await v2({customId: 'phone-1', recipient: {type: 'phone', phone: '+4915112345678'}, tags: ['b', 'a']})
  await v2({customId: 'link-1', recipient: {type: 'email', email: 'link@example.com'}, andThen: 'send-claim-link'})
  payouts = await count()
})

describe('round trips: what payctl writes imports back with 0 new payouts', () => {
  it('payouts list --api v2 -o csv, imported: every row present, exit 0', async () => {
    const listed = await cli(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv'])
    expect(listed.code, listed.stderr).toBe(0)
    const result = await importJson(write('v2.csv', listed.stdout))
    expect(result.code, result.stderr).toBe(0)
    expect(result.summary).toMatchObject({rows: 9, created: 0, updated: 0, alreadyPresent: 9, failed: 0, conflicts: 0})
    expect(await count()).toBe(payouts)
  })

  it('payouts list --all -o csv (v1), imported with --api v1: every row present (the deleted one too), exit 0', async () => {
    const listed = await cli(['payouts', 'list', '--all', '-o', 'csv'])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toContain(',deleted,')
    const result = await importJson(write('v1.csv', listed.stdout), ['--api', 'v1'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.summary).toMatchObject({
      rows: 10,
      created: 0,
      updated: 0,
      alreadyPresent: 10,
      failed: 0,
      conflicts: 0,
    })
    expect(await count()).toBe(payouts)
  })

  it('import-status -o csv and the --report of an import, imported: every row present, no warning about columns', async () => {
    const listed = await cli(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv'])
    const exported = write('exported.csv', listed.stdout)
    const where = isolatedHome()
    const report = join(where.dir, 'report.csv')
    const first = await cli(['payouts', 'import', exported, '--report', report], where)
    expect(first.code, first.stderr).toBe(0)
    const status = await cli(['payouts', 'import-status', exported, '-o', 'csv'], where)
    expect(status.stdout.split('\n')[0]).toContain('payoutId')
    for (const [name, text] of [
      ['status.csv', status.stdout],
      ['report.csv', readFileSync(report, 'utf8')],
    ]) {
      const result = await cli(['payouts', 'import', write(name, text), '--json'])
      expect(result.code, `${name}: ${result.stderr}`).toBe(0)
      expect(JSON.parse(result.stdout), name).toMatchObject({created: 0, updated: 0, alreadyPresent: 9, failed: 0})
      expect(result.stderr, name).not.toContain('ignoring columns')
    }
    expect(await count()).toBe(payouts)
  })
})

describe('a file mixing exported rows and new ones', () => {
  it('updates the changed created payout, reports the changed paid one as a conflict, creates the new rows', async () => {
    const listed = await cli(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv'])
    const lines = listed.stdout.trim().split('\n')
    const header = lines[0].split(',')
    const column = (name: string) => header.indexOf(name)
    const edited = lines.map(line => {
      const cells = line.split(',')
      if (cells[column('customId')] === 'phone-1') cells[column('description')] = 'phone edited'
      if (cells[column('customId')] === 'cp-paid') cells[column('amount')] = '99.00'
      return cells.join(',')
    })
    const added = header.map(
      name =>
        ({customId: 'new-1', description: 'new', amount: '1.00', currency: 'EUR', recipientEmail: 'new@example.com'})[
          name
        ] ?? '',
    )
    const addedWithoutCustomId = header.map(
      name =>
        ({description: 'new too', amount: '2.00', currency: 'EUR', recipientEmail: 'new2@example.com'})[name] ?? '',
    )
    const file = write('mixed.csv', `${[...edited, added.join(','), addedWithoutCustomId.join(',')].join('\n')}\n`)
    const where = isolatedHome()
    const result = await importJson(file, [], where)
    expect(result.code, result.stderr).toBe(5)
    expect(result.summary).toMatchObject({rows: 11, created: 2, updated: 1, alreadyPresent: 7, conflicts: 1, failed: 0})
    const conflict = result.summary.problems.find((p: Body) => p.status === 'conflict')
    expect(conflict.error).toMatch(
      /is completed: only created payouts can be updated: amount: ours "99.00", the service's "7.25"/,
    )
    expect((await ok(api.get('/api/v2/payouts/phone-1'))).description).toBe('phone edited')
    expect(await count()).toBe(payouts + 2)
    const again = await importJson(file, [], where)
    expect(again.code, again.stderr).toBe(0)
    expect(again.summary).toMatchObject({created: 0, unchanged: 10, conflictsEarlier: 1})
  })

  it('an unknown id: a row with a customId is created under it (an export of another account), one without fails; a bare v1 UUID names its payout; a malformed id is invalid (exit 6)', async () => {
    const before = await count()
    const header = 'id,customId,description,amount,currency,recipientEmail'
    const missing = await importJson(
      write(
        'missing.csv',
        `${header}\npayout_00000000-0000-4000-8000-000000000000,,x,1.00,EUR,a@example.com\npayout_00000000-0000-4000-8000-000000000001,moved-1,y,2.00,EUR,b@example.com\n`,
      ),
    )
    expect(missing.code).toBe(8)
    expect(missing.summary).toMatchObject({created: 1, failed: 1})
    expect(missing.summary.problems[0].error).toMatch(
      /^no payout payout_00000000-0000-4000-8000-000000000000 on this service .* and the row has no customId/,
    )
    expect((await ok(api.get('/api/v2/payouts/moved-1'))).description).toBe('y')
    const phone = await ok(api.get('/api/v2/payouts/phone-1'))
    const bareUuid = await importJson(
      write('uuid.csv', `id,description\n${phone.id.slice('payout_'.length).toUpperCase()},${phone.description}\n`),
    )
    expect(bareUuid.code, bareUuid.stderr).toBe(0)
    expect(bareUuid.summary).toMatchObject({created: 0, alreadyPresent: 1})
    const malformed = await importJson(write('malformed.csv', `${header}\nnot-an-id,,x,1.00,EUR,a@example.com\n`))
    expect(malformed.code).toBe(6)
    expect(malformed.summary.errors[0]).toMatchObject({line: 2, column: 'id'})
    expect(await count()).toBe(before + 1)
  })
})
