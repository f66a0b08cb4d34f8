import {
  type ListenSessionEvents,
  type ListenSessionOptions,
  type listenOptions,
  openListenSession,
} from '../../services/webhooks/listen-session.js'
import {type Delivery, WebhookListener} from '../../services/webhooks/listener.js'
import type {ListenSecrets} from '../../services/webhooks/secrets.js'
import {runUntilStopped} from '../interrupt.js'
import type {Reporter} from '../reporter.js'

/** What a listen run received: every delivery, those that verified, those passed on to --forward-to. */
export interface DeliveryTally {
  received: number
  verified: number
  forwarded: number
}

export function countDelivery(tally: DeliveryTally, delivery: Delivery): void {
  tally.received++
  if (delivery.verified) tally.verified++
  if (delivery.forward) tally.forwarded++
}

export interface ServeDeliveries {
  report: Reporter
  options: ReturnType<typeof listenOptions>
  found: ListenSecrets
  secretFile?: ListenSessionOptions['secretFile']
  register?: ListenSessionOptions['register']
  survey?: ListenSessionOptions['survey']
  /** What the session says of its subscription and secret file. */
  events: ListenSessionEvents
  /** Once it listens: its URL, and whether a subscription was registered (one message, banner and all). */
  listening(url: string, registered: boolean): void
}

/**
 * `webhooks listen`: serves until stopped (Ctrl-C, SIGTERM, stdout closed), handing each delivery to `show`.
 * Answers what it received and how it stopped.
 */
export async function serveDeliveries(run: ServeDeliveries, show: (delivery: Delivery) => void) {
  const {options, found} = run
  const tally = {received: 0, verified: 0, forwarded: 0}
  const listener = new WebhookListener({
    ...options,
    secrets: found.secrets,
    onDelivery: delivery => {
      countDelivery(tally, delivery)
      show(delivery)
    },
    onProblem: message => run.report.warn(message),
  })
  let url = ''
  const stopped = await runUntilStopped(
    async serving => {
      const {registered} = await openListenSession({
        ...options,
        listener,
        found,
        secretFile: run.secretFile,
        register: run.register,
        survey: run.survey,
        events: run.events,
        onStop: cleanup => serving.onStop(cleanup),
      })
      url = listener.url
      run.listening(url, registered)
    },
    {stdoutClosed: true},
  )
  return {url, ...tally, stopped}
}
