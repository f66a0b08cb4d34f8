import type {EmulatorControl} from '../../client/emulator-control.js'
import type {PayoutClient} from '../../client/index.js'
import {type ClaimMethod, claimDetails} from './claim-details.js'

/**
 * `payctl emulator trigger EVENT`: creates the objects an event needs through the API and drives a payout
 * through its lifecycle on the emulator, as `stripe trigger` does. The deliveries each trigger produces, in
 * order, are `expected` (the names `webhooks listen` and `emulator deliveries` show: v1 lifecycle statuses,
 * then the v2 settlement event).
 */

export const TRIGGERS = ['payout.completed', 'payout.failed', 'payout.deleted', 'payout.expired'] as const
export type TriggerEvent = (typeof TRIGGERS)[number]

export const EXPECTED_DELIVERIES: Record<TriggerEvent, string[]> = {
  'payout.completed': ['created', 'approved', 'requested', 'completed', 'payout.completed'],
  'payout.failed': ['created', 'approved', 'requested', 'payout.failed'],
  'payout.deleted': ['created', 'deleted'],
  'payout.expired': ['created', 'expired'],
}

export interface TriggerOptions {
  method: ClaimMethod
  amount: string
  currency: string
  email: string
}

export interface TriggerResult {
  event: TriggerEvent
  payoutId: string
  status: string
  /** What was done, in order, one line each. */
  steps: string[]
  expected: string[]
  method?: ClaimMethod
  details?: Record<string, string>
  failureCode?: string
  failureReason?: string
}

export async function trigger(
  event: TriggerEvent,
  options: TriggerOptions,
  api: PayoutClient,
  control: EmulatorControl,
): Promise<TriggerResult> {
  const created = await api.v2.payouts.create({
    description: `payctl emulator trigger ${event}`,
    amount: options.amount,
    currency: options.currency,
    recipient: {type: 'email', email: options.email},
  })
  const result: TriggerResult = {
    event,
    payoutId: created.id,
    status: String(created.status),
    steps: [`created payout ${created.id} (${options.amount} ${options.currency} to ${options.email})`],
    expected: EXPECTED_DELIVERIES[event],
  }
  if (event === 'payout.deleted') {
    await api.v2.payouts.delete(created.id)
    result.steps.push(`deleted payout ${created.id}`)
    result.status = 'deleted'
    return result
  }
  if (event === 'payout.expired') {
    const expired = await control.expire(created.id)
    result.steps.push(`expired payout ${created.id} (its expiry moved to now)`)
    result.status = String(expired.status)
    return result
  }
  await api.v2.payouts.approve(created.id)
  result.steps.push(`approved payout ${created.id}`)
  const details = claimDetails(options.method, {fail: event === 'payout.failed'})
  const claimed = await control.claim(created.id, options.method, details)
  result.method = options.method
  result.details = details
  result.status = String(claimed.status)
  result.steps.push(`claimed with ${options.method} ${Object.values(details).join(', ')}: ${result.status}`)
  if (typeof claimed.failureCode === 'string') result.failureCode = claimed.failureCode
  if (typeof claimed.failureReason === 'string') result.failureReason = claimed.failureReason
  return result
}
