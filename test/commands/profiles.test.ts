import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

const ctx = useEmulator({reset: false})

describe('payctl profiles', () => {
  it('starts with the built-in local profile active', async () => {
    const {env} = isolatedHome()
    const result = await runCommand(['profiles', 'list', '--json'], {env})
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual([
      {
        name: 'local',
        active: true,
        environment: 'sandbox',
        origin: 'http://127.0.0.1:4010',
        credentials: expect.any(String),
      },
    ])
  })

  it('adds, uses, sets, shows and removes a profile', async () => {
    const {env} = isolatedHome()
    const add = await runCommand(
      ['profiles', 'add', 'prod', '--origin', 'https://api.example.com/', '--environment', 'production'],
      {env},
    )
    expect(add.code).toBe(0)
    expect((await runCommand(['profiles', 'use', 'prod'], {env})).code).toBe(0)
    const set = await runCommand(['profiles', 'set', 'prod', '--origin', 'https://api2.example.com'], {env})
    expect(set.code).toBe(0)
    const show = JSON.parse((await runCommand(['profiles', 'show', '--json'], {env})).stdout)
    expect(show).toMatchObject({
      name: 'prod',
      environment: 'production',
      origin: 'https://api2.example.com',
      selectedBy: 'active',
    })
    const human = await runCommand(['profiles', 'list'], {env})
    expect(human.stdout).toMatch(/\*\s+prod\s+production/)
    expect((await runCommand(['profiles', 'remove', 'prod', '--yes'], {env})).code).toBe(0)
    const after = JSON.parse((await runCommand(['profiles', 'list', '--json'], {env})).stdout)
    expect(after.map((p: {name: string}) => p.name)).toEqual(['local'])
    expect(after[0].active).toBe(true)
  })

  it('remove names the stored credentials only when there are some', async () => {
    const {env} = isolatedHome()
    const add = ['profiles', 'add', 'prod', '--origin', ctx.emu.url, '--environment', 'production']
    expect((await runCommand(add, {env})).code).toBe(0)
    const refused = await runCommand(['profiles', 'remove', 'prod'], {env})
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(
      'Error: USAGE: refusing to remove profile "prod" on PRODUCTION without confirmation',
    )
    const removed = await runCommand(['profiles', 'remove', 'prod', '--yes'], {env})
    expect(removed.stderr).toBe('Removed profile "prod".\n')
    expect((await runCommand(add, {env})).code).toBe(0)
    const login = await runCommand(['auth', 'login', '--with-api-key', '--profile', 'prod'], {
      env,
      input: `${FULL}\n`,
    })
    expect(login.code, login.stderr).toBe(0)
    const held = await runCommand(['profiles', 'remove', 'prod'], {env})
    expect(held.stderr).toContain('refusing to remove profile "prod" and its stored credentials on PRODUCTION')
  })

  it('rejects a malformed origin and environment with exit 2 and one line naming the flag', async () => {
    const {env} = isolatedHome()
    const origin = await runCommand(['profiles', 'add', 'x', '--origin', 'ftp://x', '--environment', 'sandbox'], {env})
    expect(origin.code).toBe(2)
    expect(origin.stderr.trim().split('\n')).toHaveLength(1)
    expect(origin.stderr).toContain('--origin')
    const withPath = await runCommand(
      ['profiles', 'add', 'x', '--origin', 'https://a.example.com/api', '--environment', 'sandbox'],
      {env},
    )
    expect(withPath.code).toBe(2)
    const environment = await runCommand(
      ['profiles', 'add', 'x', '--origin', 'https://a.example.com', '--environment', 'staging'],
      {env},
    )
    expect(environment.code).toBe(2)
    expect(environment.stderr).toContain('--environment')
    expect(JSON.parse((await runCommand(['profiles', 'list', '--json'], {env})).stdout)).toHaveLength(1)
  })

  it('fails with exit 2 for an unknown profile, from the flag or PAYCTL_PROFILE', async () => {
    const {env} = isolatedHome()
    const flag = await runCommand(['payouts', 'list', '--profile', 'nope'], {env})
    expect(flag.code).toBe(2)
    expect(flag.stderr).toMatch(/^Error: [A-Z_]+: unknown profile "nope"/)
    const fromEnv = await runCommand(['payouts', 'list'], {env: {...env, PAYCTL_PROFILE: 'ghost'}})
    expect(fromEnv.code).toBe(2)
    expect(fromEnv.stderr).toContain('"ghost"')
  })

  it('show never prints a secret, and a profile without credentials exits 3', async () => {
    const {env} = isolatedHome()
    await runCommand(['profiles', 'add', 'sb', '--origin', 'https://sb.example.com', '--environment', 'sandbox'], {env})
    const show = await runCommand(['profiles', 'show', 'sb'], {env: {...env, PAYCTL_API_KEY: 'sk_sandbox_verysecret'}})
    expect(show.code).toBe(0)
    expect(show.stdout).toContain('PAYCTL_API_KEY')
    expect(show.stdout + show.stderr).not.toContain('verysecret')
    const noCreds = await runCommand(['payouts', 'list', '--profile', 'sb'], {env})
    expect(noCreds.code).toBe(3)
    expect(noCreds.stderr).toContain('auth login')
  })
})
