import {pushedPages} from '../../operations/pushed-pages.js'
import {errorInContext, reportError} from '../../services/errors/error-report.js'
import type {ListenSessionEvents} from '../../services/webhooks/listen-session.js'
import type {Delivery} from '../../services/webhooks/listener.js'
import {REGISTERED} from '../../services/webhooks/secrets.js'
import {type Shown, shown} from '../shown.js'
import {withDocumentKeys} from './columns.js'
import {type ItemStream, itemStream} from './item-stream.js'
import type {Output} from './output.js'
import {deliveryLine} from './webhook-delivery-line.js'

export interface ListenBanner {
  /** Where the secrets came from, and how many; plus the registered subscription's own. */
  source: string
  fromSource: number
  registered: boolean
  respondWith?: number[]
  forwardTo?: string
  toleranceSeconds: number
  events?: string[]
  saveDir?: string
}

/** What `webhooks listen` verifies with and how it answers, after "Listening on URL". */
export function listenBanner(b: ListenBanner): string {
  const origins = [b.fromSource ? b.source : '', b.registered ? REGISTERED : ''].filter(Boolean)
  const count = b.fromSource + (b.registered ? 1 : 0)
  const secretText = `${count} secret${count === 1 ? '' : 's'} (${origins.join(' and ')})`
  const answer = b.respondWith
    ? `answering ${b.respondWith.join(', ')}${b.respondWith.length > 1 ? ' (then the last again)' : ''}`
    : b.forwardTo
      ? `forwarding to ${b.forwardTo} and answering with its status`
      : 'answering 200'
  const tolerance = b.toleranceSeconds ? `tolerance ${b.toleranceSeconds} s` : 'no timestamp check'
  const events = b.events ? ` Showing only ${b.events.join(', ')}.` : ''
  return `Verifying with ${secretText}; ${tolerance}; ${answer}.${events}${b.saveDir ? ` Saving to ${b.saveDir}.` : ''} Press Ctrl-C to stop.`
}

/**
 * "Listening on URL" and, for a person, the banner (--json: the line alone), in one write, so that whoever waits for
 * "Listening on" also has the banner.
 */
export const listeningLine =
  (out: Output, json: boolean, banner: Omit<ListenBanner, 'registered'>) => (url: string, registered: boolean) =>
    out.stderr(json ? `Listening on ${url}` : `Listening on ${url}\n${listenBanner({...banner, registered})}`)

/** What `webhooks listen` says on stderr about its subscription and the secret file. */
export const listenEvents = (out: Output, bin: string): ListenSessionEvents => ({
  registered(id, target, secret) {
    out.stderr(`Registered webhook subscription ${id} -> ${target} (deleted again when you stop).`)
    if (secret) out.stderr(`Signing secret: ${secret}`)
    else out.warn('the service returned no signing secret; deliveries can only be verified with --secret')
  },
  unregistered(id, outcome) {
    out.stderr(
      outcome === 'deleted'
        ? `Deleted webhook subscription ${id}.`
        : `Webhook subscription ${id} was already gone (the service deletes it after a 410 answer).`,
    )
  },
  unregisterFailed: (id, error) =>
    errorInContext(error, `could not delete webhook subscription ${id}`, [
      `delete it with "${bin} webhooks delete ${id}"`,
    ]),
  elsewhere(id, url) {
    out.warn(`webhook subscription ${id} delivers to ${url}, not to this listener: its deliveries do not show here`)
  },
  alsoHere(id, url) {
    out.stderr(`Webhook subscription ${id} delivers here too (${url}).`)
  },
  surveyFailed(error) {
    out.warn(`could not list the team's webhook subscriptions: ${reportError(error).message}`)
  },
  secretFileWritten(name, file, warning) {
    if (warning) out.warn(warning)
    out.stderr(`Wrote ${name}=<the signing secret> to ${file}.`)
  },
})

/** `--print-secret`: the result is the secret, shown alone on stdout (also under --json, for `$(…)`). */
export function shownSecret(secret: string): Shown<{secret: string}> {
  const print = ({secret}: {secret: string}, out: Output) => out.write(`${secret}\n`)
  return shown({secret}, {view: print, json: print})
}

/** The keys of a delivery's JSON line (--fields picks among them, also before the first delivery came). */
const DELIVERY_KEYS = [
  'receivedAt',
  'verified',
  'reason',
  'duplicate',
  'status',
  'payoutId',
  'amount',
  'currency',
  'body',
  'detail',
  'response',
  'forward',
  'saved',
] as const satisfies ReadonlyArray<keyof Delivery>

/**
 * `webhooks listen` as a stream the base command writes: one line per delivery as it comes (a few on a narrow
 * terminal), one JSON object a line under --json. `listen` serves until stopped, handing each delivery to `show`;
 * what it answers then (the summary, not printed) is what the command's run answers.
 */
export function deliveryStream<S>(
  out: Output,
  listen: (show: (delivery: Delivery) => void) => Promise<S>,
  ended?: (summary: S) => void,
): ItemStream<Delivery> {
  let summary: S
  return itemStream<Delivery>({
    columns: withDocumentKeys<Delivery>([], DELIVERY_KEYS),
    format: 'jsonl',
    line: delivery => deliveryLine(delivery, out.color, out.stdoutColumns),
    pages: () =>
      pushedPages<Delivery>(async emit => {
        summary = await listen(delivery => {
          // A delivery that comes after the output stopped is not shown.
          emit([deliveryJson(delivery)]).catch(() => undefined)
        })
      }),
    ended: () => ended?.(summary),
    result: () => summary,
  })
}

/** --json: one object per delivery, DESIGN's key order first, then what the listener adds. */
export function deliveryJson(d: Delivery): Delivery {
  return {
    receivedAt: d.receivedAt,
    verified: d.verified,
    ...(d.reason ? {reason: d.reason} : {}),
    ...(d.duplicate ? {duplicate: true} : {}),
    ...(d.status !== undefined ? {status: d.status} : {}),
    ...(d.payoutId !== undefined ? {payoutId: d.payoutId} : {}),
    ...(d.amount !== undefined ? {amount: d.amount} : {}),
    ...(d.currency !== undefined ? {currency: d.currency} : {}),
    body: d.body,
    ...(d.detail ? {detail: d.detail} : {}),
    response: d.response,
    ...(d.forward ? {forward: d.forward} : {}),
    ...(d.saved ? {saved: d.saved} : {}),
  }
}
