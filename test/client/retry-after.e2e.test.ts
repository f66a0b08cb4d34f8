import {beforeEach, describe, expect, it, vi} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Retry-After has a ceiling (60 s) and every wait ends by --timeout or on SIGTERM/SIGINT: the built CLI
 * against the emulator, whose fault injection answers 429 with the Retry-After of each test. Timings are
 * only bounded from above, generously.
 */

vi.setConfig({testTimeout: 60_000})

const ctx = useEmulator()
let env: Record<string, string>

beforeEach(() => {
  env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
})

const rateLimit = async (path: string, retryAfter: string, count = 1000) => {
  const res = await ctx.api.post(
    '/_emulator/faults',
    {method: 'GET', path, count, action: 'status', status: 429, retryAfter},
    {key: null},
  )
  expect(res.status, res.text).toBe(200)
}

const faultsLeft = async () => (await ctx.api.get('/_emulator/faults', {key: null})).body.data.length

describe('Retry-After beyond the ceiling', () => {
  for (const [name, value] of [
    ['two hours in seconds', '7200'],
    ['a huge number of seconds', '99999999999'],
    ['an HTTP date in 2099', 'Thu, 01 Jan 2099 00:00:00 GMT'],
  ])
    it(`${name}: no sleep, no retry, exit 7 with one line saying when to retry`, async () => {
      await rateLimit('/api/v2/payouts', value, 5)
      const started = Date.now()
      const result = await runCli(['payouts', 'get', 'payout_00000000-0000-4000-8000-000000000000'], {env})
      expect(Date.now() - started).toBeLessThan(20_000)
      expect(result.code, result.stderr).toBe(7)
      const lines = result.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(
        /^Error: RATE_LIMITED: .*the service asks to wait until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
      )
      expect(result.stderr).not.toContain('TimeoutOverflowWarning')
      // One request only: the four faults left prove that nothing was retried.
      expect(await faultsLeft()).toBe(1)
    })

  it('the time named is the one the service asked for', async () => {
    await rateLimit('/api/v2/payouts', 'Thu, 01 Jan 2099 00:00:00 GMT', 1)
    const result = await runCommand(['payouts', 'get', 'payout_00000000-0000-4000-8000-000000000000', '--json'], {env})
    expect(result.code).toBe(7)
    expect(JSON.parse(result.stderr).error.suggestions[0]).toContain('until 2099-01-01 00:00:00 UTC')
  })
})

describe('Retry-After within the ceiling', () => {
  it('as an HTTP date: waited for, then the retry answers', async () => {
    const payout = await ctx.api.v2Create()
    await rateLimit('/api/v2/payouts', new Date(Date.now() + 1500).toUTCString(), 1)
    const result = await runCommand(['payouts', 'get', payout.id, '--json'], {env})
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).id).toBe(payout.id)
    expect(await faultsLeft()).toBe(0)
  })
})

describe('every wait obeys --timeout and stops on a signal', () => {
  it('payouts wait --timeout 5 against a service that always answers 429 Retry-After: 30 ends by the time-out, exit 7', async () => {
    const payout = await ctx.api.v2Create()
    await rateLimit('/api/v2/payouts', '30')
    const started = Date.now()
    const result = await runCli(['payouts', 'wait', payout.id, '--timeout', '5'], {env, timeoutMs: 60_000})
    expect(Date.now() - started).toBeLessThan(29_000)
    expect(result.code, result.stderr).toBe(7)
    expect(result.stderr).toMatch(/WAIT_TIMEOUT: timed out after 5 ?s/)
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    it(`${signal} during a Retry-After sleep ends payouts wait at once, exit 130 (143 after SIGTERM)`, async () => {
      const payout = await ctx.api.v2Create()
      await rateLimit('/api/v2/payouts', '30')
      const cli = runCli(['payouts', 'wait', payout.id, '--timeout', '600', '--debug'], {env})
      await cli.waitFor(/< 429/)
      const sent = Date.now()
      cli.child.kill(signal)
      const {code} = await cli
      expect(Date.now() - sent).toBeLessThan(20_000)
      expect(code, cli.stderr).toBe(signal === 'SIGINT' ? 130 : 143)
      expect(cli.stderr).toMatch(/^Error: INTERRUPTED: /m)
    })

  it('SIGTERM during a Retry-After sleep of payouts list ends it at once, exit 143', async () => {
    await rateLimit('/api/v1/payouts', '30')
    const cli = runCli(['payouts', 'list', '--debug'], {env})
    await cli.waitFor(/< 429/)
    const sent = Date.now()
    cli.child.kill('SIGTERM')
    const {code} = await cli
    expect(Date.now() - sent).toBeLessThan(20_000)
    expect(code, cli.stderr).toBe(143)
  })
})
