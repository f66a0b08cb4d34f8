import {describe, expect, it} from 'vitest'
import {ApiError} from '../../src/client/api-errors.js'
import type {PayoutV2} from '../../src/client/schemas.js'
import {goalStateOf} from '../../src/services/payouts/goals.js'
import {steadyInterval, waitForPayouts, waitOutcome} from '../../src/services/payouts/wait.js'

/** The polling loop with a scripted service and a virtual clock: which reads happen, how long it pauses. */
function script(states: Record<string, Array<Partial<PayoutV2> | Error>>) {
  let clock = 0
  const pauses: number[] = []
  const reads: string[] = []
  return {
    pauses,
    reads,
    now: () => clock,
    sleep: async (ms: number) => {
      pauses.push(ms)
      clock += ms
    },
    fetch: async (id: string) => {
      reads.push(id)
      const queue = states[id]
      const next = queue.length > 1 ? queue.shift()! : queue[0]
      if (next instanceof Error) throw next
      return {id, ...next} as PayoutV2
    },
  }
}

describe('waitForPayouts', () => {
  it('re-reads only pending payouts, after 1 s, then every 2 s while few are pending; reports each change', async () => {
    const s = script({
      a: [{status: 'requested'}, {status: 'completed'}],
      b: [{status: 'requested'}, {status: 'requested'}, {status: 'requested'}, {status: 'failed', failureCode: 'x'}],
    })
    const changes: string[] = []
    const result = await waitForPayouts({
      ids: ['a', 'b'],
      goal: 'settled',
      timeoutMs: 60_000,
      ...s,
      onChange: (p, from) => changes.push(`${p.id}:${from}->${p.status}`),
    })
    expect(s.reads).toEqual(['a', 'b', 'a', 'b', 'b', 'b'])
    expect(s.pauses).toEqual([1000, 2000, 2000])
    expect(changes).toEqual(['a:requested->completed', 'b:requested->failed'])
    expect(result).toMatchObject({timedOut: false, counts: {completed: 1, failed: 1, pending: 0}})
    expect(waitOutcome(result, '1m', {line: 'again', next: {operation: 'payouts:wait', input: {}}})?.exitCode).toBe(8)
  })

  it('a payout approved after minutes of waiting is seen within 2 s; a long list is read less often', async () => {
    const pendingFor = Array.from({length: 40}, () => ({status: 'created'}))
    const s = script({a: [...pendingFor, {status: 'approved'}]})
    const result = await waitForPayouts({ids: ['a'], goal: 'approved', timeoutMs: 600_000, ...s})
    expect(result.counts.approved).toBe(1)
    expect(Math.max(...s.pauses)).toBe(2000)
    expect(steadyInterval(1)).toBe(2000)
    expect(steadyInterval(8)).toBe(2000)
    expect(steadyInterval(20)).toBe(5000)
    expect(steadyInterval(1000)).toBe(15_000)
  })

  it("honours a 429's Retry-After that outlived the client's retries, then reads again", async () => {
    const limited = new ApiError({status: 429, code: 'RATE_LIMITED', message: 'slow down', retryAfterMs: 7000})
    const s = script({a: [limited, {status: 'completed'}]})
    const result = await waitForPayouts({ids: ['a'], goal: 'settled', timeoutMs: 60_000, ...s})
    expect(s.pauses).toEqual([7000])
    expect(result.counts.completed).toBe(1)
  })

  it('stops at the time-out with the last state of what is pending (exit 7)', async () => {
    const s = script({a: [{status: 'requested'}]})
    const result = await waitForPayouts({ids: ['a'], goal: 'settled', timeoutMs: 5000, ...s})
    expect(s.pauses).toEqual([1000, 2000, 2000])
    expect(result.timedOut).toBe(true)
    expect(result.pending).toEqual([{id: 'a', status: 'requested'}])
    expect(waitOutcome(result, '5s', {line: 'again', next: {operation: 'payouts:wait', input: {}}})?.exitCode).toBe(7)
  })

  it('an authentication error is not waited out', async () => {
    const s = script({a: [new ApiError({status: 401, code: 'UNAUTHORIZED', message: 'no'})]})
    await expect(waitForPayouts({ids: ['a'], goal: 'settled', timeoutMs: 5000, ...s})).rejects.toThrow('no')
  })

  it('payouts already final in what the step answered are not read again', async () => {
    const s = script({a: [{status: 'completed'}]})
    const known = new Map([['a', {id: 'a', status: 'completed'} as PayoutV2]])
    const result = await waitForPayouts({ids: ['a'], goal: 'paid', timeoutMs: 5000, known, ...s})
    expect(s.reads).toEqual([])
    expect(result.counts.completed).toBe(1)
  })
})

describe('final states per goal', () => {
  const cases: Array<[Partial<PayoutV2>, string, string]> = [
    [{status: 'completed'}, 'settled', 'completed'],
    [{status: 'failed'}, 'paid', 'failed'],
    [{status: 'expired'}, 'approved', 'failed'],
    [{status: 'requested'}, 'approved', 'pending'],
    [{status: 'approved', claimLinkSentAt: 't'}, 'settled', 'pending'],
    [{status: 'approved', claimLinkSentAt: 't'}, 'paid', 'awaiting-claim'],
    [{status: 'approved', counterpartyId: 'c', claimLinkSentAt: 't'}, 'paid', 'pending'],
    [{status: 'approved'}, 'approved', 'approved'],
    [{status: 'created'}, 'approved', 'pending'],
    [{status: 'created', claimLinkSentAt: 't'}, 'claim-link', 'awaiting-claim'],
  ]
  it.each(cases)('%o for %s is %s', (payout, goal, expected) => {
    expect(goalStateOf(payout as PayoutV2, goal as 'settled')).toBe(expected)
  })
})
