import {readFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import * as z from 'zod'
import {outputSchemaOf} from '../../src/cli/help/output-schemas.js'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome, ROOT, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * The output and error contracts of docs/scripting.md, walked over every command of the manifest, and the
 * reproductions of issue #23 end to end.
 */

const ctx = useEmulator()
const home = isolatedHome()
const env = () => ({...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL})
const cli = (args: string[]) => runCommand(args, {env: env()})
const lines = (text: string) => text.split('\n').filter(Boolean)

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, {result?: string; flags: Record<string, {options?: string[]}>}>
}

/** Commands outside the contract, and why. */
const EXEMPT: Record<string, string> = {
  help: "oclif's help plugin: prints help text, no data",
  autocomplete: "oclif's autocomplete plugin: prints set-up instructions",
  'autocomplete:create': "oclif's autocomplete plugin: writes completion files, prints a status line",
  'autocomplete:script': "oclif's autocomplete plugin: prints a shell snippet to eval",
  'emulator:start': 'a foreground server: prints its banner (--json: one line with url and keys), no data to shape',
}

const commandIds = Object.keys(manifest.commands).filter(id => !(id in EXEMPT))

describe('the output contract, every command of the manifest', () => {
  it('every command but the exempt ones takes -o table|tsv|csv|json|jsonl, --fields, --jq, --template, --quiet', () => {
    expect(Object.keys(EXEMPT).every(id => id in manifest.commands)).toBe(true)
    expect(commandIds.length).toBeGreaterThan(40)
    for (const id of commandIds) {
      const flags = manifest.commands[id].flags
      for (const flag of ['output', 'fields', 'jq', 'template', 'quiet', 'json', 'color'])
        expect(flags[flag], `${id} --${flag}`).toBeDefined()
      expect(flags.output.options, id).toEqual(['table', 'json', 'jsonl', 'csv', 'tsv'])
    }
  })

  /** Every read-only command that needs no argument, run in each format against the emulator. */
  const READERS = [
    ['payouts', 'list'],
    ['payouts', 'list', '--status', 'created'],
    ['transactions', 'list'],
    ['counterparties', 'list'],
    ['counterparties', 'countries'],
    ['counterparties', 'payment-method-types'],
    ['team', 'get'],
    ['team', 'accounts'],
    ['webhooks', 'list'],
    ['profiles', 'list'],
    ['profiles', 'show'],
    ['auth', 'status'],
    ['emulator', 'faults', 'list'],
    ['emulator', 'deliveries'],
  ]

  it('each reader answers -o json/jsonl/csv/tsv and refuses an unknown --fields name with the valid ones', async () => {
    await ctx.api.v2Create({customId: 'walk-1'})
    await ctx.api.post('/api/v2/team/deposit', {amount: '5.00', currency: 'EUR'})
    await ctx.api.post('/api/v1/webhook', {targetUrl: 'http://127.0.0.1:9/hook', eventType: 'payout'})
    for (const command of READERS) {
      const what = command.join(' ')
      const json = await cli([...command, '-o', 'json'])
      expect(json.code, `${what}: ${json.stderr}`).toBe(0)
      const document = JSON.parse(json.stdout)
      const items: unknown[] = Array.isArray(document) ? document : [document]
      // The command's declared result type (the contract's response schemas) is what --json prints.
      const declared = outputSchemaOf(
        manifest.commands[command.filter(word => !word.startsWith('-')).join(':')] as never,
      )
      if (declared) expect(z.safeParse(declared, document).error, what).toBeUndefined()
      const jsonl = await cli([...command, '-o', 'jsonl'])
      expect(
        lines(jsonl.stdout).map(line => JSON.parse(line)),
        what,
      ).toHaveLength(items.length)
      const csv = await cli([...command, '-o', 'csv'])
      const tsv = await cli([...command, '-o', 'tsv'])
      expect(csv.code, what).toBe(0)
      expect(tsv.code, what).toBe(0)
      // csv has a header, tsv none: one line fewer (a value holding a line break is quoted in csv, a space in tsv).
      if (items.length) expect(lines(tsv.stdout).length, what).toBe(items.length)
      if (items.length) expect(lines(csv.stdout)[0], what).not.toContain('\t')
      // An empty answer has no field names to check against (and nothing to print).
      if (!items.length) continue
      const typo = await cli([...command, '--fields', 'zzNope'])
      expect(typo.code, what).toBe(2)
      expect(typo.stderr, what).toMatch(
        /^Error: USAGE: --fields: "zzNope" is not a (column|field) here; choose from \w+/,
      )
      expect(lines(typo.stderr), what).toHaveLength(1)
      expect(typo.stdout, what).toBe('')
    }
  })

  it('lists print tsv without a header in a pipe; the JSON of a list is an array whatever the filters', async () => {
    const [a] = [await ctx.api.v2Create({customId: 'pipe-1'}), await ctx.api.v2Create({customId: 'pipe-2'})]
    const piped = await cli(['payouts', 'list'])
    expect(lines(piped.stdout)[0]).toMatch(/^payout_[0-9a-f-]{36}\t/)
    for (const args of [[], ['--status', 'created'], ['--api', 'v2'], ['--api', 'v1']]) {
      const listed = await cli(['payouts', 'list', '--json', ...args])
      const ids = JSON.parse(listed.stdout).map((p: {id: string}) => p.id)
      expect(ids, args.join(' ')).toContain(a.id)
    }
    const quiet = await cli(['payouts', 'list', '--quiet'])
    const templated = await cli(['payouts', 'list', '-t', '{{.id}}'])
    expect(templated.stdout).toBe(quiet.stdout)
  })
})

describe('the reproductions of issue #23', () => {
  it('import-status in a pipe: tsv rows without a header on stdout, the summary on stderr', async () => {
    const file = join(ROOT, 'examples', 'payouts.csv')
    const result = await cli(['payouts', 'import-status', file])
    expect(result.code).toBe(8)
    const rows = lines(result.stdout)
    expect(rows[0]).toMatch(/^2\tinv-2026-03-001\t/)
    expect(result.stdout).not.toMatch(/rows:|Line|Custom ID/)
    expect(result.stderr).toMatch(/^8 rows:$/m)
    const fields = await cli(['payouts', 'import-status', file, '--fields', 'line,status', '-o', 'tsv'])
    expect(lines(fields.stdout)[0]).toBe('2\tnot-imported')
  })

  it('approve of one id answers one object (--jq .status works); get A B -o tsv; --fields typos on get exit 2', async () => {
    const [a, b] = [await ctx.api.v2Create(), await ctx.api.v2Create()]
    const approved = await runCli(['payouts', 'approve', a.id, '--json', '-q', '.status'], {env: env()})
    expect(approved.code, approved.stderr).toBe(0)
    expect(approved.stdout).toBe('approved\n')
    const two = await cli(['payouts', 'get', a.id, b.id, '-o', 'tsv'])
    expect(two.code, two.stderr).toBe(0)
    expect(lines(two.stdout).map(line => line.split('\t')[0])).toEqual([a.id, b.id])
    const typo = await cli(['payouts', 'get', a.id, '--fields', 'id,amnt'])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toContain('"amnt" is not a')
    const picked = await cli(['payouts', 'get', a.id, '--fields', 'id,status', '-o', 'tsv'])
    expect(picked.stdout).toBe(`${a.id}\tapproved\n`)
  })

  it('--fields with -o tsv prints tsv on team accounts', async () => {
    const result = await cli(['team', 'accounts', '--fields', 'currency', '-o', 'tsv'])
    expect(result.code, result.stderr).toBe(0)
    expect(lines(result.stdout)).toEqual(['EUR', 'USD'])
  })

  it('emulator deliveries: --jq applies; in a pipe it prints the log and exits', async () => {
    const result = await runCli(['emulator', 'deliveries', '--json', '--jq', '.payoutId'], {
      env: env(),
      timeoutMs: 20_000,
    })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).not.toContain('Following')
  })
})

describe('the error contract, every command of the manifest', () => {
  it('a bogus flag is exit 2 and one line "Error: USAGE: …; see … --help", one JSON object under --json', async () => {
    for (const id of [...commandIds, 'emulator:start']) {
      const words = id.split(':')
      const human = await cli([...words, '--bogus-flag'])
      expect(human.code, id).toBe(2)
      expect(human.stdout, id).toBe('')
      expect(human.stderr, id).toMatch(
        /^Error: USAGE: Nonexistent flag: --bogus-flag(; see "payctl [a-z: -]+ --help")?\n$/,
      )
      const json = await cli([...words, '--bogus-flag', '--json'])
      expect(json.code, id).toBe(2)
      expect(lines(json.stderr), id).toHaveLength(1)
      expect(JSON.parse(json.stderr).error, id).toMatchObject({exitCode: 2, code: 'USAGE'})
    }
  }, 120_000)

  it('misplaced flags, extra arguments, missing arguments and common names say exactly that (exit 2)', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['--jsn', 'payouts', 'list'],
        'Error: USAGE: "--jsn" is a flag before the command; flags go after it: "payctl payouts list --jsn"',
      ],
      [
        ['payouts', 'list', 'extra'],
        'Error: USAGE: unexpected argument "extra": "payctl payouts list" takes no more arguments',
      ],
      [['payouts', 'import'], 'Error: USAGE: missing argument FILE (CSV file to import, or - to read stdin)'],
      [['completion'], 'Error: UNKNOWN_COMMAND: "completion" is not a payctl command; use "payctl autocomplete"'],
      [['whoami'], 'Error: UNKNOWN_COMMAND: "whoami" is not a payctl command; use "payctl auth status"'],
      [['login'], 'Error: UNKNOWN_COMMAND: "login" is not a payctl command; use "payctl auth login"'],
      [
        ['payouts', 'cancel'],
        'Error: UNKNOWN_COMMAND: "payouts cancel" is not a payctl command; use "payctl payouts delete"',
      ],
      [['completion'], 'Error: UNKNOWN_COMMAND: "completion" is not a payctl command; use "payctl autocomplete"'],
      [
        ['payouts', 'create', '--amount', '12,50', '--currency', 'EUR', '--description', 'x', '--email', 'a@b.co'],
        'Error: USAGE: --amount: amount "12,50" has a decimal comma, which is not accepted; write 12.50',
      ],
    ]
    const results = await Promise.all(cases.map(([args]) => runCli(args, {env: env()})))
    for (const [i, [args, line]] of cases.entries()) {
      const result = results[i]
      expect(result.code, args.join(' ')).toBe(2)
      expect(lines(result.stderr), args.join(' ')).toHaveLength(1)
      expect(result.stderr.startsWith(line), `${args.join(' ')}: ${result.stderr}`).toBe(true)
    }
    const [json, help] = await Promise.all([
      runCli(['--limit', '5', 'payouts', 'list', '--json'], {env: env()}),
      runCli(['payouts', 'list', '-h'], {env: env()}),
    ])
    expect(JSON.parse(json.stderr).error).toMatchObject({exitCode: 2, code: 'USAGE'})
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('List payouts, newest first.')
  }, 180_000)

  it('emulator start on a busy port: one coded line, one JSON object under --json, exit 2 (issue 53)', async () => {
    const busy = createServer()
    await new Promise<void>(resolve => busy.listen(0, '127.0.0.1', resolve))
    const port = String((busy.address() as {port: number}).port)
    try {
      const start = ['emulator', 'start', '--port', port, '--data', ':memory:']
      const [human, json] = await Promise.all([
        runCli(start, {env: home.env}),
        runCli([...start, '--json'], {env: home.env}),
      ])
      expect(human.code).toBe(2)
      expect(human.stderr).toBe(
        `Error: PORT_IN_USE: port ${port} on 127.0.0.1 is in use by a program that does not answer HTTP; pass --port 0 for a free one, or stop the other process\n`,
      )
      expect(json.code).toBe(2)
      expect(JSON.parse(json.stderr).error).toMatchObject({exitCode: 2, code: 'PORT_IN_USE'})
      expect(json.stdout).toBe('')
    } finally {
      busy.close()
    }
  }, 90_000)
})
