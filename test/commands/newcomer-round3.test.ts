import {appendFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {SUPPORTED_CURRENCIES} from '../../src/emulator/domain/reference-data.js'
import {FULL} from '../emulator/helpers.js'
import {ROOT, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** What a newcomer hit in issue 53 ("Bugs"), each as it was met. */

const ctx = useEmulator()
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})
const cli = (args: string[]) => runCommand(args, {env: env()})
const file = (name: string, text: string) => {
  const path = join(ctx.home.dir, name)
  writeFileSync(path, text)
  return path
}

describe('bug 2: the default list shows a declined payout as failed', () => {
  it('payouts list (v1) says failed with its failure, as payouts get and --api v2 do', async () => {
    const triggered = await cli(['emulator', 'trigger', 'payout.failed', '--method', 'venmo', '--json'])
    expect(triggered.code, triggered.stderr).toBe(0)
    const [listed] = JSON.parse((await cli(['payouts', 'list', '--json'])).stdout)
    const got = JSON.parse((await cli(['payouts', 'get', listed.id, '--json'])).stdout)
    expect(got.status).toBe('failed')
    expect(listed).toMatchObject({status: 'failed', failureCode: got.failureCode})
    const table = await cli(['payouts', 'list', '--fields', 'id,status'])
    expect(table.stdout).toBe(`${listed.id}\tfailed\n`)
  })
})

describe('bug 3: the advice of a refused file leads somewhere', () => {
  it('a row added to a file without customIds: the summary and import-status name what works', async () => {
    const quiet = file(
      'quiet.csv',
      'email,amount,currency,description\na@example.com,10.00,EUR,one\nb@example.com,11.00,EUR,two\nc@example.com,12.00,EUR,three\n',
    )
    expect((await cli(['payouts', 'import', quiet])).code).toBe(0)
    appendFileSync(quiet, 'd@example.com,13.00,EUR,four\n')
    const again = await cli(['payouts', 'import', quiet])
    expect(again.code).toBe(5)
    expect(again.stdout).toMatch(/Unchanged: +3 \(as at their import; nothing sent\)/)
    expect(again.stdout).toMatch(/Refused: +1 row \(nothing was sent: see the error\)/)
    expect(again.stdout).not.toContain('Not done')
    expect(again.stderr).toContain('quiet.csv differs from its earlier import (3 rows unchanged):')
    const status = await cli(['payouts', 'import-status', quiet])
    expect(status.code).toBe(8)
    expect(status.stderr).not.toContain('(it resumes)')
    expect(status.stderr).toContain('rows without a customId were added since the file was imported')
    expect(status.stderr).toContain('import it with --batch NAME')
  })
})

describe('bug 5: conflict and nothing-to-send wording', () => {
  it('a conflict with a created payout, and a file the journal holds while the service differs', async () => {
    const rows =
      'customId,email,amount,currency,description\nk-1,a@example.com,22.50,EUR,one\nk-2,b@example.com,11.00,EUR,two\n'
    const keyed = file('keyed.csv', rows)
    expect((await cli(['payouts', 'import', keyed])).code).toBe(0)
    expect((await cli(['payouts', 'update', '--custom-id', 'k-1', '--amount', '23.50'])).code).toBe(0)
    const same = await cli(['payouts', 'import', keyed])
    expect(same.code).toBe(0)
    expect(same.stderr).toContain(
      "Nothing to send: no row of keyed.csv changed since its import into profile local (compared with the import's journal, not with the service).",
    )
    expect(same.stdout).toMatch(/Unchanged: +2 \(as at their import; nothing sent\)/)
    const copy = await cli(['payouts', 'import', file('keyed-copy.csv', rows)])
    expect(copy.code).toBe(5)
    expect(copy.stdout).toContain('(created) under this customId with other values: amount: ours "22.50"')
    expect(copy.stderr).toContain('Error: CONFLICT: 1 row conflicts with the payout the service holds for it')
    expect(copy.stderr).not.toContain('can no longer be changed')
  })
})

describe('bug 7: the small ones', () => {
  it('payout ids in upper case are payout ids', async () => {
    const payout = await ctx.api.v2Create({customId: 'upper-1'})
    const got = await cli(['payouts', 'get', payout.id.toUpperCase(), '--json'])
    expect(got.code, got.stderr).toBe(0)
    expect(JSON.parse(got.stdout).id).toBe(payout.id)
  })

  it('payouts create keeps an e-mail in lower case, as the import does', async () => {
    const created = await cli([
      'payouts',
      'create',
      '--email',
      'A@Example.com',
      '--amount',
      '5.00',
      '--currency',
      'EUR',
      '--description',
      'case',
      '--json',
    ])
    expect(created.code, created.stderr).toBe(0)
    expect(JSON.parse(created.stdout).recipient.email).toBe('a@example.com')
  })

  it('doctor counts the database with its write-ahead log', async () => {
    const data = ctx.home.env.PAYCTL_DATA_DIR
    mkdirSync(data, {recursive: true})
    writeFileSync(join(data, 'emulator.sqlite'), Buffer.alloc(4096))
    writeFileSync(join(data, 'emulator.sqlite-wal'), Buffer.alloc(2_000_000))
    const doctor = JSON.parse((await cli(['doctor', '--json'])).stdout)
    const check = doctor.checks.find((c: {name: string}) => c.name === 'emulator database')
    expect(check.detail).toContain('(1.9 MiB with its -wal and -shm files;')
  })

  it('docs/import.md names every currency the emulator pays', () => {
    const line = readFileSync(join(ROOT, 'docs', 'import.md'), 'utf8').match(/\*\*Currencies\*\*[\s\S]*?\n-/)?.[0] ?? ''
    for (const currency of SUPPORTED_CURRENCIES) expect(line, currency).toContain(currency)
  })

  it('payctl version prints what payctl --version prints', async () => {
    const [word, flag] = await Promise.all([runCli(['version']), runCli(['--version'])])
    expect(word.code, word.stderr).toBe(0)
    expect(word.stdout).toBe(flag.stdout)
    expect(word.stdout).toMatch(/^payctl\/\d+\.\d+\.\d+ \S+ node-v/)
  })
})

describe('frictions: what a line on stderr and the demo say', () => {
  it("the cron example's step 2 at a terminal: the position line names its command", async () => {
    await ctx.api.v2Create({amount: '12.00'})
    const {runCliInTty} = await import('../helpers/tty.js')
    const step = ['payouts', 'list', '--status', 'created', '--currency', 'EUR', '--max-amount', '50', '--all']
    const result = await runCliInTty([...step, '--quiet'], {env: env(), stdoutFile: join(ctx.home.dir, 'small.txt')})
    expect(result.code, result.output).toBe(0)
    expect(result.output.trim()).toBe('payouts list: 1 written; end of the list.')
    // Under the list on a terminal the line needs no name.
    const shown = await runCliInTty([...step, '--quiet'], {env: env()})
    expect(shown.output).toMatch(/^1 written; end of the list\.$/m)
  })

  it('the demo shows import-status as a table whatever its stdout', async () => {
    const demo = readFileSync(join(ROOT, 'examples', 'demo.js'), 'utf8')
    const calls = demo.split('\n').filter(line => line.includes("'import-status'"))
    expect(calls.length).toBeGreaterThanOrEqual(2)
    for (const call of calls) expect(call).toContain("'-o', 'table'")
    const rows = file('status.csv', 'email,amount,currency,description\na@example.com,10.00,EUR,one\n')
    expect((await cli(['payouts', 'import', rows])).code).toBe(0)
    // In a pipe, as the demo's stdout may be: -o table keeps the header and the columns.
    const table = await cli(['payouts', 'import-status', rows, '-o', 'table'])
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/^Line +Custom ID/m)
    expect(table.stdout).not.toContain('\t')
  })
})
