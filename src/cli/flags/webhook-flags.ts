import * as Flags from '@oclif/core/flags'
import {EVENT_NAME} from '../../contract/primitives.js'
import {EVENT_NAMES} from '../../services/webhooks/payload.js'
import {ENV_NAME} from '../../services/webhooks/secret-file.js'
import {SECRET_ENV} from '../../services/webhooks/secrets.js'
import {DEFAULT_TOLERANCE_SECONDS} from '../../services/webhooks/webhook-signature.js'

/** Flags of the webhooks commands. */

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

/** `--events created,payout.failed`: any names (the service may add events; the command notes unknown ones). */
function parseEvents(value: string): string[] {
  const names = value
    .split(',')
    .map(name => name.trim())
    .filter(Boolean)
  if (!names.length) throw new Error(`--events "${value}" names no event; use e.g. ${EVENT_NAMES.join(', ')}`)
  return names
}

/** `--v2-events payout.completed,payout.failed`: any dotted name (the service decides which exist, spec 9). */
export const v2EventsFlag = Flags.string({
  summary: 'Also deliver these v2 events, comma-separated (payout.completed, payout.failed).',
  description: 'Without it the subscription gets the v1 payout of each status change only (docs/webhooks.md).',
  parse: async value => {
    const names = value
      .split(',')
      .map(name => name.trim())
      .filter(Boolean)
    const bad = names.find(name => !EVENT_NAME.test(name))
    if (!names.length || bad !== undefined)
      throw new Error(`--v2-events "${bad ?? value}" is not an event name like payout.completed`)
    return names.join(',')
  },
})

/** The flags of `webhooks listen`. */
export const listenFlags = {
  host: Flags.string({summary: 'Interface to listen on.', default: '127.0.0.1'}),
  port: Flags.integer({summary: 'Port to listen on; 0 picks a free one.', default: 4011, min: 0, max: 65_535}),
  secret: Flags.string({
    summary: `Signing secret (repeatable; default: ${SECRET_ENV}, else the stored ones).`,
    multiple: true,
  }),
  tolerance: toleranceFlag,
  'respond-with': Flags.string({
    summary: 'Status(es) to answer valid deliveries with, e.g. 500,500,200 (the last one repeats).',
  }),
  'forward-to': Flags.string({
    summary: 'Pass each delivery on to your app (original body and headers) and show its answer.',
    parse: httpUrl('forward-to'),
  }),
  'forward-unverified': Flags.boolean({
    summary: 'With --forward-to: also pass on deliveries whose signature did not verify (to test the app’s check).',
    dependsOn: ['forward-to'],
  }),
  register: Flags.boolean({
    summary:
      'Subscribe this listener for as long as it runs (deleted again on exit); the default on a sandbox profile without --secret. --no-register: never.',
    allowNo: true,
  }),
  'public-url': Flags.string({
    summary: 'For a registered subscription: the URL the service should deliver to (a tunnel to this listener).',
    parse: httpUrl('public-url'),
  }),
  save: Flags.directory({summary: 'Save each delivery here: the raw body (.body) and the headers (.headers).'}),
  events: Flags.string({
    summary: `Show, forward and save only these events, comma-separated: ${EVENT_NAMES.join(', ')} or others.`,
    description: 'Other verified deliveries are answered 200 and not shown. Rejected deliveries are always shown.',
    parse: async value => parseEvents(value).join(','),
  }),
  'print-secret': Flags.boolean({
    summary: 'Print the signing secret the listener verifies with on stdout, and exit.',
    exclusive: ['register'],
  }),
  'secret-file': Flags.string({
    summary: "Write NAME=secret into this file (an app's .env) once the secret is known; other lines are kept.",
  }),
  'secret-name': Flags.string({
    summary: `The variable name --secret-file writes (default ${SECRET_ENV}).`,
    dependsOn: ['secret-file'],
    parse: async value => {
      if (!ENV_NAME.test(value)) throw new Error(`--secret-name "${value}" must be a variable name like MY_SECRET`)
      return value
    },
  }),
}
