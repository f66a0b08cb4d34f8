import type {TriggerResult} from '../../services/emulator-control/trigger.js'
import type {Output} from './output.js'

/**
 * A played event, for a person: each step, the failure if the payout failed, the deliveries to expect, and a note
 * when the team has no webhook subscription to receive them.
 */
export function showTriggered(
  out: Output,
  played: TriggerResult,
  about: {subscribed: boolean | undefined; bin: string},
): void {
  for (const step of played.steps) out.line(`  ${step}`)
  if (played.failureCode) out.line(`  failure: ${played.failureCode}: ${played.failureReason}`)
  out.line(`Triggered ${played.event}. Deliveries: ${played.expected.join(', ')}.`)
  if (about.subscribed === false)
    out.info(
      `The team has no webhook subscription, so nothing was delivered: run "${about.bin} webhooks listen" in another terminal first (it subscribes itself).`,
    )
}
