import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** Issue 42, "Flags": global flags before the command, and enum flags checked before anything is sent. */

const ctx = useEmulator({record: true})
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})

describe('global flags before the command', () => {
  it('--profile, -o, --output=, --json, --no-color and --debug work before the command as after it', async () => {
    await ctx.api.v2Create({customId: 'before-1'})
    const added = await runCommand(['profiles', 'add', 'emu2', '--environment', 'sandbox', '--origin', ctx.proxy.url], {
      env: env(),
    })
    expect(added.code, added.stderr).toBe(0)
    const cases: Array<[string[], string[]]> = [
      [
        ['--profile', 'emu2', '-o', 'json'],
        ['-o', 'json', '--profile', 'emu2'],
      ],
      [
        ['-o', 'json'],
        ['-o', 'json'],
      ],
      [
        ['-ojson', '--no-color'],
        ['-o', 'json', '--no-color'],
      ],
      [
        ['--output=jsonl', '--debug'],
        ['--output=jsonl', '--debug'],
      ],
      [['--json'], ['--json']],
    ]
    for (const [before, after] of cases) {
      const first = await runCommand([...before, 'payouts', 'list', '--limit', '5'], {env: env()})
      const second = await runCommand(['payouts', 'list', '--limit', '5', ...after], {env: env()})
      expect(first.code, `${before.join(' ')}: ${first.stderr}`).toBe(0)
      expect(first.stdout, before.join(' ')).toBe(second.stdout)
      expect(first.stdout, before.join(' ')).toContain('before-1')
    }
    const traced = await runCommand(['--debug', 'payouts', 'list'], {env: env()})
    expect(traced.stderr).toContain('[debug]')
  })

  it('a flag that is not global still says where it goes, with its value', async () => {
    const result = await runCommand(['--limit', '5', 'payouts', 'list'], {env: env()})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('flags go after it: "payctl payouts list --limit 5"')
    const behindGlobal = await runCommand(['--json', '--limit', '5', 'payouts', 'list'], {env: env()})
    expect(behindGlobal.code).toBe(2)
    expect(JSON.parse(behindGlobal.stderr).error.message).toMatch(/^"--limit" is a flag before the command/)
    expect(ctx.proxy.requests).toEqual([])
  })
})

describe('flags between the topic and the command (issue 53, bug 1)', () => {
  it('work as if typed after the command', async () => {
    await ctx.api.v2Create({customId: 'between-1'})
    await ctx.api.v2Create({customId: 'between-2'})
    const pairs: Array<[string[], string[]]> = [
      [
        ['payouts', '--json', 'list', '--limit', '1'],
        ['payouts', 'list', '--limit', '1', '--json'],
      ],
      [
        ['payouts', '--limit', '1', 'list'],
        ['payouts', 'list', '--limit', '1'],
      ],
      [
        ['emulator', 'faults', '--json', 'list'],
        ['emulator', 'faults', 'list', '--json'],
      ],
    ]
    for (const [between, after] of pairs) {
      const first = await runCommand(between, {env: env()})
      const second = await runCommand(after, {env: env()})
      expect(first.code, `${between.join(' ')}: ${first.stderr}`).toBe(0)
      expect(first.stdout, between.join(' ')).toBe(second.stdout)
      expect(first.stdout).not.toContain('USAGE')
    }
  })

  it('a flag with no command of the topic after it exits 2 naming it, never the help with exit 0', async () => {
    const cases: Array<[string[], string]> = [
      [['payouts', '--limit', '1'], '"--limit" stands where a command of "payctl payouts" belongs'],
      [['payouts', '--bogus', 'list'], '"--bogus" is not a flag of "payctl payouts list"'],
      [['emulator', 'faults', '--debug'], '"--debug" stands where a command of "payctl emulator faults" belongs'],
    ]
    for (const [argv, message] of cases) {
      const result = await runCommand(argv, {env: env()})
      expect(result.code, argv.join(' ')).toBe(2)
      expect(result.stdout, argv.join(' ')).toBe('')
      expect(result.stderr).toContain(message)
    }
    const json = await runCommand(['payouts', '--json', '--limit', '1'], {env: env()})
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stderr).error).toMatchObject({code: 'USAGE', exitCode: 2})
    expect(ctx.proxy.requests).toEqual([])
  })
})

describe('every global flag before the command (issue 53, item 2)', () => {
  it('works as after it', async () => {
    await ctx.api.v2Create({customId: 'global-1', description: '=SUM(A1)'})
    const cases: string[][] = [
      ['--template', '{{.customId}}'],
      ['-t', '{{.customId}}'],
      ['--fields', 'customId,status'],
      ['--quiet'],
      ['--csv-formulas', '-o', 'csv'],
      ['--color'],
      ['--schema'],
    ]
    for (const flags of cases) {
      const first = await runCommand([...flags, 'payouts', 'list', '--api', 'v2'], {env: env()})
      const second = await runCommand(['payouts', 'list', '--api', 'v2', ...flags], {env: env()})
      expect(first.code, `${flags.join(' ')}: ${first.stderr}`).toBe(0)
      expect(first.stdout, flags.join(' ')).toBe(second.stdout)
      expect(first.stdout.length, flags.join(' ')).toBeGreaterThan(0)
    }
  })

  it('a flag that is not global, typed first, names the command it belongs after', async () => {
    const result = await runCommand(['--limit', '5', '-o', 'csv', 'payouts', 'list'], {env: env()})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('flags go after it: "payctl payouts list --limit 5 -o csv"')
  })
})

describe('enum flags are checked before anything is sent', () => {
  const cases: Array<[string[], string]> = [
    [['payouts', 'list', '--status', 'bogus'], 'created, approved, requested, completed, failed, expired'],
    [['payouts', 'changes', '--status', 'bogus'], 'created, approved, requested, completed, failed, expired'],
    [['transactions', 'list', '--type', 'bogus'], 'deposit, payout'],
    [['transactions', 'list', '--status', 'bogus'], 'pending, completed, failed'],
    [['counterparties', 'create', '--identity-type', 'bogus', '--name', 'x'], 'individual, business'],
  ]
  for (const [argv, values] of cases)
    it(`${argv.join(' ')}: exit 2 naming ${values}`, async () => {
      const result = await runCommand(argv, {env: env()})
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toContain(`to be one of: ${values}`)
      expect(ctx.proxy.requests).toEqual([])
    })
})
