import {summarize} from '../../services/webhooks/payload.js'
import type {SendResult} from '../../services/webhooks/sender.js'
import type {Palette} from './colors.js'

/** What `webhooks send` sent and what the receiver answered. */
export function sentLines(
  result: SendResult,
  body: Buffer,
  sent: {badSignature: boolean; stale: boolean},
  color: Palette,
): string[] {
  const kind = sent.badSignature ? ' with a wrong signature' : sent.stale ? ' with a stale timestamp' : ''
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    parsed = undefined
  }
  const {status, payoutId} = summarize(parsed)
  const what = payoutId ? `payout ${payoutId}${status ? ` (${status})` : ''}` : 'a delivery'
  const lines = [
    `Sent ${what}${kind} to ${result.url}, timestamp ${result.timestamp}`,
    `Answer: ${result.status}${result.responseBody ? ` ${result.responseBody.trim()}` : ''}`,
  ]
  if (result.ok) lines.push(`${color.green('OK:')} ${result.message}`)
  return lines
}
