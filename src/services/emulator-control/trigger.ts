import type {EmulatorControl} from '../../client/emulator-control.js'
import type {PayoutClient} from '../../client/index.js'
import {initialState, stateAfter, transition, v1EventsTo} from '../../contract/lifecycle.js'
import {errorInContext, reportError} from '../errors/error-report.js'
import {type ClaimMethod, claimDetails} from './claim-details.js'

/**
 * `payctl emulator trigger EVENT`: creates the objects an event needs through the API and drives a payout
 * through its lifecycle on the emulator, as `stripe trigger` does. The deliveries each trigger produces, in
 * order, are `expected` (the names `webhooks listen` and `emulator deliveries` show: v1 lifecycle statuses,
 * then the v2 settlement event).
 */

export const TRIGGERS = ['payout.completed', 'payout.failed', 'payout.deleted', 'payout.expired'] as const
export type TriggerEvent = (typeof TRIGGERS)[number]

/** The v1 event of leaving `created` by `trigger` (delete, expire). */
const fromCreated = (trigger: 'delete' | 'expire') => transition(trigger, initialState())?.v1Event ?? trigger

export const EXPECTED_DELIVERIES: Record<TriggerEvent, string[]> = {
  'payout.completed': [...v1EventsTo('completed'), 'payout.completed'],
  'payout.failed': [...v1EventsTo('failed'), 'payout.failed'],
  'payout.deleted': [initialState(), fromCreated('delete')],
  'payout.expired': [initialState(), fromCreated('expire')],
}

export interface TriggerOptions {
  method: ClaimMethod
  amount: string
  currency: string
  email: string
}

export type TriggerResult = {
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
  try {
    return await drive(event, options, api, control, result)
  } catch (error) {
    // The payout stays (deleting it would play another event): name it, its state, and how to remove it.
    throw errorInContext(error, `payout ${created.id} was created and left ${result.status}`, [
      ...reportError(error).suggestions,
      `remove it with "payctl payouts delete ${created.id}"`,
    ])
  }
}

/** The steps after the payout's creation, each recorded in `result`. */
async function drive(
  event: TriggerEvent,
  options: TriggerOptions,
  api: PayoutClient,
  control: EmulatorControl,
  result: TriggerResult,
): Promise<TriggerResult> {
  const id = result.payoutId
  if (event === 'payout.deleted') {
    await api.v2.payouts.delete(id)
    result.steps.push(`deleted payout ${id}`)
    result.status = stateAfter('delete')
    return result
  }
  if (event === 'payout.expired') {
    const expired = await control.expire(id)
    result.steps.push(`expired payout ${id} (its expiry moved to now)`)
    result.status = String(expired.status)
    return result
  }
  await api.v2.payouts.approve(id)
  result.steps.push(`approved payout ${id}`)
  result.status = stateAfter('approve')
  const details = claimDetails(options.method, {fail: event === 'payout.failed'})
  const claimed = await control.claim(id, options.method, details)
  result.method = options.method
  result.details = details
  result.status = String(claimed.status)
  result.steps.push(`claimed with ${options.method} ${Object.values(details).join(', ')}: ${result.status}`)
  if (typeof claimed.failureCode === 'string') result.failureCode = claimed.failureCode
  if (typeof claimed.failureReason === 'string') result.failureReason = claimed.failureReason
  return result
}
