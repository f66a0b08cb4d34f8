import {describe, expect, it} from 'vitest'
import {colorEnabled} from '../../src/cli/output/colors.js'
import {DEFAULT, FULL} from '../emulator/helpers.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/** What a person at a terminal sees (issue #23, "The terminal"), in a pseudo-terminal. */

const ctx = useEmulator()
const home = isolatedHome()
const env = () => ({...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL})

describe('tables fit the terminal', () => {
  it('free text is cut with … instead of a value wrapping across lines; the id stays whole', async () => {
    const created = []
    const description = 'A description long enough to be cut at 110 columns, with more words'
    for (let i = 0; i < 3; i++)
      created.push(await ctx.api.v2Create({customId: `a-rather-long-custom-id-${i}`, description}))
    const result = await runCliInTty(['payouts', 'list'], {env: env(), columns: 110})
    expect(result.code, result.output).toBe(0)
    const shown = result.output.split('\n').filter(Boolean)
    expect(shown).toHaveLength(4)
    for (const line of shown) expect(line.length, line).toBeLessThanOrEqual(110)
    expect(shown[1]).toContain('…')
    expect(shown.join('\n')).toContain(created[0].id)
    expect(shown[0]).toMatch(/^ID\s.*Description/)
  })
})

describe('colours', () => {
  it('--no-color and FORCE_COLOR=0 turn bold off on a terminal', async () => {
    expect(colorEnabled({isTTY: true}, {FORCE_COLOR: '0'})).toBe(false)
    expect(colorEnabled({isTTY: true}, {})).toBe(true)
    await ctx.api.v2Create()
    const coloured = await runCliInTty(['team', 'accounts'], {env: {...env(), NO_COLOR: ''}})
    const plain = await runCliInTty(['team', 'accounts', '--no-color'], {env: {...env(), NO_COLOR: ''}})
    const forced = await runCliInTty(['team', 'accounts'], {env: {...env(), NO_COLOR: '', FORCE_COLOR: '0'}})
    expect(coloured.output).toBe(plain.output)
    expect(coloured.rawBytes).toBeGreaterThan(plain.rawBytes)
    expect(forced.rawBytes).toBe(plain.rawBytes)
  })
})

describe('waiting and creating', () => {
  it('Ctrl-C in payouts wait says where it stopped and how to go on (exit 130); one payout, not "payouts"', async () => {
    const payout = await ctx.api.v2Create()
    const result = await runCliInTty(['payouts', 'wait', payout.id, '--timeout', '60s'], {
      env: env(),
      steps: [{when: 'Waiting for 1 payout', send: '\u0003'}],
    })
    expect(result.code).toBe(130)
    expect(result.output).not.toContain('1 payouts')
    // The error folds at the terminal's width, at spaces.
    const shown = result.output.replace(/\s+/g, ' ')
    expect(shown).toContain('Error: INTERRUPTED: interrupted while waiting: 0 of 1 final for --until settled')
    expect(shown).toContain(`keep waiting with "payctl payouts wait --until settled ${payout.id}"`)
  })

  it('a replayed create (same --idempotency-key) says it was replayed', async () => {
    const args = ['payouts', 'create', '--amount', '5', '--currency', 'EUR', '--description', 'x']
    const key = ['--email', 'a@example.com', '--idempotency-key', 'replay-k1']
    const first = await runCommand([...args, ...key], {env: env()})
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/^Created payout payout_/)
    const again = await runCommand([...args, ...key], {env: env()})
    expect(again.code, again.stderr).toBe(0)
    const id = /payout_[0-9a-f-]{36}/.exec(first.stdout)?.[0]
    expect(
      again.stdout.startsWith(
        `Replayed: payout ${id} was created earlier with this --idempotency-key; nothing new\nID: `,
      ),
    ).toBe(true)
  })
})

describe('an API key in the environment over a stored login', () => {
  it('is named by auth status, and once on stderr on a terminal (not in a pipe)', async () => {
    const own = isolatedHome()
    const base = {...own.env, PAYCTL_ORIGIN: ctx.emu.url}
    const login = await runCli(['auth', 'login', '--with-api-key'], {env: base, input: `${DEFAULT}\n`})
    expect(login.code, login.stderr).toBe(0)
    const withKey = {...base, PAYCTL_API_KEY: FULL}
    const status = await runCommand(['auth', 'status'], {env: withKey})
    expect(status.stdout).toMatch(
      /^Credentials: +PAYCTL_API_KEY \(environment\), overriding the stored API key of this profile$/m,
    )
    const json = await runCommand(['auth', 'status', '--json'], {env: withKey})
    expect(JSON.parse(json.stdout)).toMatchObject({source: 'env', overrides: 'api-key'})
    const tty = await runCliInTty(['team', 'get'], {env: withKey})
    expect(tty.code, tty.output).toBe(0)
    expect(tty.output.match(/PAYCTL_API_KEY overrides the stored API key of profile "local"/g)).toHaveLength(1)
    const piped = await runCli(['team', 'get'], {env: withKey})
    expect(piped.stderr).toBe('')
  })
})
