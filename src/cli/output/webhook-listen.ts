import {errorInContext} from '../../services/errors/error-report.js'
import type {ListenSessionEvents} from '../../services/webhooks/listen-session.js'
import type {Delivery} from '../../services/webhooks/listener.js'
import {REGISTERED} from '../../services/webhooks/secrets.js'
import {type Shown, shown} from '../shown.js'
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
  secretFileWritten(name, file, warning) {
    if (warning) out.warn(warning)
    out.stderr(`Wrote ${name}=<the signing secret> to ${file}.`)
  },
})

/** One line per delivery (a few on a narrow terminal); under --json one object per line. */
export const printDelivery = (out: Output, json: boolean) => (delivery: Delivery) =>
  json ? out.jsonLine(deliveryJson(delivery)) : out.line(deliveryLine(delivery, out.color, out.stdoutColumns))

/** `--print-secret`: the secret alone on stdout (also under --json, for `$(…)`); the result is `{secret}`. */
export function shownSecret(secret: string): Shown<{secret: string}> {
  const print = (result: {secret: string}, out: Output) => out.write(`${result.secret}\n`)
  return shown({secret}, {view: print, json: print})
}

/** What a listen run received: every delivery, those that verified, those passed on to --forward-to. */
export interface DeliveryTally {
  received: number
  verified: number
  forwarded: number
}

/** `printDelivery` that also counts the deliveries into `tally`. */
export function printAndCount(out: Output, json: boolean, tally: DeliveryTally) {
  const print = printDelivery(out, json)
  return (delivery: Delivery) => {
    tally.received++
    if (delivery.verified) tally.verified++
    if (delivery.forward) tally.forwarded++
    print(delivery)
  }
}

/** --json: one object per delivery, DESIGN's key order first, then what the listener adds. */
export function deliveryJson(d: Delivery): Record<string, unknown> {
  const line: Record<string, unknown> = {receivedAt: d.receivedAt, verified: d.verified}
  if (d.reason) line.reason = d.reason
  if (d.duplicate) line.duplicate = true
  if (d.status !== undefined) line.status = d.status
  if (d.payoutId !== undefined) line.payoutId = d.payoutId
  if (d.amount !== undefined) line.amount = d.amount
  if (d.currency !== undefined) line.currency = d.currency
  line.body = d.body
  if (d.detail) line.detail = d.detail
  line.response = d.response
  if (d.forward) line.forward = d.forward
  if (d.saved) line.saved = d.saved
  return line
}
