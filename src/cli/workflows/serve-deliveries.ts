import {
  type ListenSessionOptions,
  type listenOptions,
  openListenSession,
} from '../../services/webhooks/listen-session.js'
import {type Delivery, WebhookListener} from '../../services/webhooks/listener.js'
import type {ListenSecrets} from '../../services/webhooks/secrets.js'
import {runUntilStopped} from '../interrupt.js'
import type {Output} from '../output/output.js'
import {countDelivery, listenBanner, listenEvents} from '../output/webhook-listen.js'

export interface ServeDeliveries {
  out: Output
  /** The command's name for hints ("payctl"). */
  bin: string
  options: ReturnType<typeof listenOptions>
  found: ListenSecrets
  secretFile?: ListenSessionOptions['secretFile']
  register?: ListenSessionOptions['register']
  survey?: ListenSessionOptions['survey']
  /** --json: "Listening on URL" without the banner. */
  json: boolean
}

/**
 * `webhooks listen`: serves until stopped (Ctrl-C, SIGTERM, stdout closed), handing each delivery to `show`, and
 * says "Listening on URL" with the banner on stderr once it listens. Answers what it received and how it stopped.
 */
export async function serveDeliveries(run: ServeDeliveries, show: (delivery: Delivery) => void) {
  const {out, options, found} = run
  const fromSource = found.secrets.length
  const tally = {received: 0, verified: 0, forwarded: 0}
  const listener = new WebhookListener({
    ...options,
    secrets: found.secrets,
    onDelivery: delivery => {
      countDelivery(tally, delivery)
      show(delivery)
    },
    onProblem: message => out.warn(message),
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
        events: listenEvents(out, run.bin),
        onStop: cleanup => serving.onStop(cleanup),
      })
      // One write, so that whoever waits for "Listening on" also has the banner.
      url = listener.url
      const listening = `Listening on ${url}`
      const banner = listenBanner({...options, ...found, fromSource, registered})
      out.stderr(run.json ? listening : `${listening}\n${banner}`)
    },
    {stdoutClosed: true},
  )
  return {url, ...tally, stopped}
}
