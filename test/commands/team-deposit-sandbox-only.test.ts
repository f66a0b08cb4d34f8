import {expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** An emulator that plays a production service: the sandbox deposit answers SANDBOX_ONLY. */
const ctx = useEmulator({environment: 'production'})

it('team deposit against a non-sandbox service explains SANDBOX_ONLY in one line (exit 3)', async () => {
  const {env} = isolatedHome()
  const result = await runCommand(['team', 'deposit', '--amount', '10', '--currency', 'EUR'], {
    env: {...env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL},
  })
  expect(result.code).toBe(3)
  expect(result.stdout).toBe('')
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  expect(result.stderr).toMatch(
    new RegExp(
      `^Error: SANDBOX_ONLY: test deposits exist only in the sandbox, and ${ctx.emu.url} \\(profile "local"\\) is not one`,
    ),
  )
  expect(result.stderr).toContain('use a sandbox profile')
  const json = await runCommand(['team', 'deposit', '--amount', '10', '--currency', 'EUR', '--json'], {
    env: {...env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL},
  })
  expect(JSON.parse(json.stderr).error).toMatchObject({code: 'SANDBOX_ONLY', exitCode: 3, data: {status: 403}})
  expect((await ctx.api.account('EUR')).balance.total).toBe('10000.00')
})
