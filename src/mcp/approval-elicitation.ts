import {randomUUID} from 'node:crypto'
import type {ElicitAction, PersonChannel} from './person-channel.js'

/** An approval page to show the person through their client, and how long to wait for their decision on it. */
export interface ApprovalAsk {
  url: string
  /** What the person is asked to approve: count, total, currency and destination. */
  message: string
  waitMs: number
  pollMs: number
  /**
   * Whether a payout of the page still awaits the decision: true while one does, false once none does, undefined
   * when the payouts could not be read (the wait goes on).
   */
  awaiting(): Promise<boolean | undefined>
}

/**
 * How it went: decided on the page (nothing awaits approval any more), not yet decided when the wait ended (the page
 * still works), refused by the person in their client (declined or dismissed), or never shown (the client failed
 * the elicitation).
 */
export type ApprovalOutcome =
  | {kind: 'decided'; elicitationId: string}
  | {kind: 'pending'; elicitationId: string}
  | {kind: 'refused'; action: Exclude<ElicitAction, 'accept'>; elicitationId: string}
  | {kind: 'unshown'; reason: string}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>(resolve => {
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, {once: true})
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })

/**
 * Sends the approval page through URL-mode elicitation and waits, within `waitMs` and with progress notifications,
 * for the person's decision on it; sends `notifications/elicitation/complete` once it is made. The person's answer
 * to the elicitation is consent to open the page, never an approval: only the page approves.
 */
export async function approveThroughClient(channel: PersonChannel, ask: ApprovalAsk): Promise<ApprovalOutcome> {
  const elicitationId = randomUUID()
  const deadline = Date.now() + ask.waitMs
  let action: ElicitAction | 'unanswered'
  try {
    action = await channel.openUrl({message: ask.message, url: ask.url, elicitationId}, ask.waitMs)
  } catch (error) {
    return {kind: 'unshown', reason: error instanceof Error ? error.message : String(error)}
  }
  // Unanswered within the bound: the person may still be deciding, and the page works.
  if (action === 'unanswered') return {kind: 'pending', elicitationId}
  if (action !== 'accept') return {kind: 'refused', action, elicitationId}
  for (let round = 1; ; round++) {
    if ((await ask.awaiting()) === false) {
      await channel.complete(elicitationId)
      return {kind: 'decided', elicitationId}
    }
    const left = deadline - Date.now()
    if (left <= 0 || channel.signal.aborted) return {kind: 'pending', elicitationId}
    await channel.progress(
      round,
      `waiting for the person's decision on the approval page (${Math.ceil(left / 1000)} s left)`,
    )
    await sleep(Math.min(ask.pollMs, left), channel.signal)
  }
}
