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
