import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * The class "signals during single creates" of the fuzz suites: fast-check picks a create (`payouts create` v2 to an
 * e-mail address, v2 to a counterparty with `--and-then pay`, v1 to a handle, `counterparties create`), a signal
 * (SIGINT, SIGTERM, SIGKILL), the moment (the request held before the service saw it, or applied with its answer
 * held) and how many re-runs of the same command follow (one, or two at once). Each case is one interrupted process
 * and its re-runs against the emulator; asserted: the exit code (130, 143, killed), the key on stderr (nothing after
 * kill -9), every re-run exits 0 with the same id, and the service holds exactly one payout or counterparty, paid
 * once. The figures (lost, duplicated, paid twice) are printed. A few cases in `npm test`; CREATE_SIGNAL_FUZZ_RUNS=N
 * runs more (.ci/run runs 40).
 */

const RUNS = Number(process.env.CREATE_SIGNAL_FUZZ_RUNS ?? 3)
const ctx = useEmulator({reset: false})

type Kind = 'v2' | 'v2-pay' | 'v1' | 'counterparty'

const PATH: Record<Kind, string> = {
  v2: '/api/v2/payouts',
  'v2-pay': '/api/v2/payouts',
  v1: '/api/v1/payout',
  counterparty: '/api/v2/counterparties',
}

const payout = ['payouts', 'create', '--amount', '25', '--currency', 'EUR', '--description', 'Licence', '--json']
const ARGS: Record<Kind, (counterparty: string) => string[]> = {
  v2: () => [...payout, '--email', 'ada@example.com'],
  'v2-pay': counterparty => [...payout, '--counterparty', counterparty, '--and-then', 'pay'],
  v1: () => [...payout, '--creator-handle', '@maria', '--verification-method', 'youtube-channel'],
  counterparty: () => [
    ...['counterparties', 'create', '--first-name', 'Jan', '--last-name', 'Berg', '--line1', 'Hauptstr. 5'],
    ...['--city', 'Berlin', '--postal-code', '10115', '--country', 'DE', '--skip-tax-check', '--json'],
  ],
}

const EXIT: Record<string, number | null> = {SIGINT: 130, SIGTERM: 143, SIGKILL: null}

const figures = {cases: 0, lost: 0, duplicated: 0, paidTwice: 0}
afterAll(() => {
  process.stderr.write(
    `create-signal fuzz: ${figures.cases} cases, ${figures.lost} lost, ${figures.duplicated} duplicated, ${figures.paidTwice} paid twice\n`,
  )
})

/** What the service holds after the case: the payouts or counterparties, and how much left the EUR account. */
async function holdings(kind: Kind, before: string) {
  const list = kind === 'counterparty' ? '/api/v2/counterparties' : kind === 'v1' ? '/api/v1/payouts' : PATH[kind]
  const res = await ctx.api.get(list, {query: {limit: 100}})
  const items: Array<{id: string; status?: string}> = Array.isArray(res.body) ? res.body : res.body.data
  const paid = Number(before) - Number((await ctx.api.account('EUR')).balance.total)
  return {items, paid}
}

interface Case {
  kind: Kind
  signal: NodeJS.Signals
  moment: 'held' | 'applied'
  reruns: number
}

/** The interrupted run: its exit code and stderr (the key, or nothing after kill -9). */
function expectStopped(stopped: {code: number | null; stderr: string}, {kind, signal}: Case, context: string) {
  expect(stopped.code, `${context}: ${stopped.stderr}`).toBe(EXIT[signal])
  if (signal === 'SIGKILL') expect(stopped.stderr, context).toBe('')
  else
    expect(JSON.parse(stopped.stderr).error, context).toMatchObject({
      code: 'INTERRUPTED',
      data: {[kind === 'v1' ? 'customId' : 'idempotencyKey']: expect.any(String)},
    })
}

/** After the re-runs: one payout (or counterparty), the one they all print, paid once; counted in the figures. */
async function expectOne(
  again: Array<{code: number | null; stdout: string; stderr: string}>,
  kind: Kind,
  before: string,
  context: string,
) {
  for (const run of again) expect(run.code, `${context}: ${run.stderr}`).toBe(0)
  const {items, paid} = await holdings(kind, before)
  if (items.length === 0) figures.lost++
  if (items.length > 1) figures.duplicated++
  if (kind === 'v2-pay' && paid > 25) figures.paidTwice++
  expect(items.length, context).toBe(1)
  // A v1 create prints its id as payout_<UUID>; the v1 list holds the UUID.
  const bare = (id: string) => id.replace(/^payout_/, '')
  expect(new Set(again.map(run => bare(JSON.parse(run.stdout).id))), context).toEqual(new Set([bare(items[0].id)]))
  if (kind === 'v2-pay') {
    expect(items[0].status, context).toBe('completed')
    expect(paid, context).toBe(25)
  }
}

/** One case: a run stopped by the signal while its create is held, then its re-runs. */
async function runCase(at: Case): Promise<void> {
  const {kind, signal, moment, reruns} = at
  await control(ctx.url, 'POST', '/_emulator/reset')
  const counterparty = kind === 'v2-pay' ? (await ctx.api.counterparty()).id : ''
  const before = (await ctx.api.account('EUR')).balance.total
  let holding = true
  const matches = (request: {method: string; url: string}) =>
    holding && request.method === 'POST' && request.url === PATH[kind]
  const proxy = await startCountingProxy(ctx.url, {
    hold: request => moment === 'held' && matches(request),
    holdAnswer: request => moment === 'applied' && matches(request),
  })
  const context = `${kind} ${signal} ${moment}, ${reruns} re-run(s)`
  try {
    const env = {...isolatedHome().env, PAYCTL_ORIGIN: proxy.origin, PAYCTL_API_KEY: FULL}
    const args = ARGS[kind](counterparty)
    const first = runCli(args, {env, timeoutMs: 30_000})
    await (moment === 'held' ? proxy.held : proxy.answerHeld)
    first.child.kill(signal)
    const stopped = await first
    holding = false
    figures.cases++
    expectStopped(stopped, at, context)
    const again = await Promise.all(Array.from({length: reruns}, () => runCli(args, {env, timeoutMs: 30_000})))
    await expectOne(again, kind, before, context)
  } finally {
    await proxy.close()
  }
}

describe('signals during single creates', () => {
  it(
    'a signal while a create is in flight, then its re-runs: one payout, paid once',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            kind: fc.constantFrom<Kind>('v2', 'v2-pay', 'v1', 'counterparty'),
            signal: fc.constantFrom<NodeJS.Signals>('SIGINT', 'SIGTERM', 'SIGKILL'),
            moment: fc.constantFrom<'held' | 'applied'>('held', 'applied'),
            reruns: fc.constantFrom(1, 2),
          }),
          runCase,
        ),
        {numRuns: RUNS},
      )
    },
    60_000 + RUNS * 20_000,
  )
})
