import * as Flags from '@oclif/core/flags'
import {EVENT_NAMES} from '../../services/webhooks/payload.js'
import {DEFAULT_TOLERANCE_SECONDS} from '../../services/webhooks/webhook-signature.js'

/** Flags shared by the webhooks commands. */

export const SECRET_ENV = 'PAYCTL_WEBHOOK_SECRET'

export const toleranceFlag = Flags.integer({
  summary: `Largest accepted age (or lead) of the timestamp, in seconds; 0 skips the check.`,
  min: 0,
  default: DEFAULT_TOLERANCE_SECONDS,
})

/** http(s) URLs only; anything else is a usage error naming the flag. */
export const httpUrl = (flag: string) => async (value: string) => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`--${flag} "${value}" is not a URL; use e.g. http://127.0.0.1:3000/webhooks`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--${flag} "${value}" must use http or https`)
  return url.toString()
}

/** `--events created,payout.failed`: known event names only; an unknown one is an error naming it. */
export function parseEvents(value: string): string[] {
  const names = value
    .split(',')
    .map(name => name.trim())
    .filter(Boolean)
  const known: readonly string[] = EVENT_NAMES
  const unknown = names.filter(name => !known.includes(name))
  if (!names.length || unknown.length)
    throw new Error(`--events "${unknown[0] ?? value}" is not an event; use ${EVENT_NAMES.join(', ')}`)
  return names
}
