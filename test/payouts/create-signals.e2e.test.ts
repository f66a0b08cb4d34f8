import {afterEach, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {runCli} from '../helpers/cli.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Ctrl-C, SIGTERM and kill -9 on a create whose answer hangs after the service applied it (a proxy forwards the
 * request and holds the answer): the run ends naming the key its re-run reuses (kill -9 cannot print, but the key is
 * on disk before the request leaves), and the same command run again leaves one payout, paid once.
 */

const ctx = useEmulator()
let proxy: Awaited<ReturnType<typeof startCountingProxy>> | undefined
afterEach(async () => {
  await proxy?.close()
  proxy = undefined
})

/** A proxy that holds the answer of the first POST to `path` (after the emulator applied it), and no other. */
async function hangingAnswers(path: string) {
  let holding = true
  proxy = await startCountingProxy(ctx.url, {
    holdAnswer: request => holding && request.method === 'POST' && request.url === path,
  })
  return {env: {...ctx.home.env, PAYCTL_ORIGIN: proxy.origin, PAYCTL_API_KEY: FULL}, stop: () => (holding = false)}
}

const count = async (path: string) => (await ctx.api.get(path, {query: {limit: 100}})).body.data.length

/** Runs `args`, waits until the service applied the create and its answer hangs, then sends `signal`. */
async function interrupted(args: string[], env: Record<string, string>, signal: NodeJS.Signals) {
  const cli = runCli(args, {env, timeoutMs: 30_000})
  await proxy!.answerHeld
  cli.child.kill(signal)
  return cli
}

const EXIT: Record<string, number | null> = {SIGINT: 130, SIGTERM: 143, SIGKILL: null}

describe('a signal during a create whose answer hangs', () => {
  it.each(['SIGINT', 'SIGKILL'] as const)('v2, %s: the re-run replays the key, one payout', async signal => {
    const {env, stop} = await hangingAnswers('/api/v2/payouts')
    const args = [
      'payouts',
      'create',
      '--amount',
      '7',
      '--currency',
      'EUR',
      '--description',
      'Mix',
      '--email',
      'ada@example.com',
    ]
    const first = await interrupted(args, env, signal)
    expect(first.code, first.stderr).toBe(EXIT[signal])
    expect(await count('/api/v2/payouts')).toBe(1)
    if (signal === 'SIGKILL') expect(first.stderr).toBe('')
    else {
      expect(first.stderr).toMatch(/^Error: INTERRUPTED: interrupted while the create was in flight/m)
      expect(first.stderr).toMatch(/re-run the same command: it reuses idempotency key [0-9a-f-]{36}/)
    }
    stop()
    const again = await runCommand(args, {env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/^Replayed: payout payout_\S+ was created by an earlier run whose answer was lost/m)
    expect(await count('/api/v2/payouts')).toBe(1)
  })

  it('--counterparty --and-then pay, SIGTERM: one payout, paid once', async () => {
    const counterparty = await ctx.api.counterparty()
    const before = (await ctx.api.account('EUR')).balance.total
    const {env, stop} = await hangingAnswers('/api/v2/payouts')
    const args = ['payouts', 'create', '--amount', '25.00', '--currency', 'EUR', '--description', 'Licence']
    const pay = [...args, '--counterparty', counterparty.id, '--and-then', 'pay', '--json']
    const first = await interrupted(pay, env, 'SIGTERM')
    expect(first.code, first.stderr).toBe(143)
    const error = JSON.parse(first.stderr).error
    expect(error).toMatchObject({code: 'INTERRUPTED', data: {idempotencyKey: expect.any(String)}})
    stop()
    const again = await runCommand(pay, {env})
    expect(again.code, again.stderr).toBe(0)
    const payouts = (await ctx.api.get('/api/v2/payouts', {query: {limit: 100}})).body.data
    expect(payouts.map((payout: {status: string}) => payout.status)).toEqual(['completed'])
    expect(JSON.parse(again.stdout).id).toBe(payouts[0].id)
    const after = (await ctx.api.account('EUR')).balance.total
    expect(Number(before) - Number(after)).toBe(25)
  })

  it('v1 without --custom-id, SIGKILL: the re-run sends the kept customId, an upsert', async () => {
    const {env, stop} = await hangingAnswers('/api/v1/payout')
    const args = ['payouts', 'create', '--amount', '9.00', '--currency', 'EUR', '--description', 'Views']
    const v1 = [...args, '--creator-handle', '@maria', '--verification-method', 'youtube-channel', '--json']
    const first = await interrupted(v1, env, 'SIGKILL')
    expect(first.signal).toBe('SIGKILL')
    stop()
    const again = await runCommand(v1, {env})
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({customId: expect.stringMatching(/^payctl-/), action: 'updated'})
    expect(await ctx.api.v1Count()).toBe(1)
  })

  it('counterparties create, SIGINT: the re-run replays the key, one counterparty', async () => {
    const {env, stop} = await hangingAnswers('/api/v2/counterparties')
    const args = ['counterparties', 'create', '--first-name', 'Jan', '--last-name', 'Berg', '--line1', 'Hauptstr. 5']
    const create = [...args, '--city', 'Berlin', '--postal-code', '10115', '--country', 'DE', '--skip-tax-check']
    const first = await interrupted(create, env, 'SIGINT')
    expect(first.code, first.stderr).toBe(130)
    expect(first.stderr).toMatch(/it reuses idempotency key \S+, so the service will not create a second counterparty/)
    stop()
    const again = await runCommand(create, {env})
    expect(again.code, again.stderr).toBe(0)
    expect(await count('/api/v2/counterparties')).toBe(1)
  })
})
