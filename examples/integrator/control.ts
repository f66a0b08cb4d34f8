// An integrator's end-to-end test of a payout against the payctl emulator, built only on the two OpenAPI documents:
// the API (docs/openapi.json: generated/payout-service.d.ts) and the emulator's control routes
// (docs/emulator-openapi.json: generated/emulator-control.d.ts), both through openapi-fetch. It funds the team,
// subscribes a local webhook receiver, creates and approves a payout, claims it as the recipient would, and watches
// the webhook deliveries: the receiver refuses the first one (503), the emulator schedules the retry on its own
// clock, and advancing that clock delivers it at once. Usage: node dist/control.js ORIGIN API_KEY (prints a JSON
// summary).
import {createHmac, randomUUID} from 'node:crypto'
import {createServer, type IncomingHttpHeaders} from 'node:http'
import type {AddressInfo} from 'node:net'
import createClient from 'openapi-fetch'
import type {paths as ControlPaths} from './generated/emulator-control.js'
import type {paths} from './generated/payout-service.js'

interface Received {
  headers: IncomingHttpHeaders
  body: string
  answered: number
}

/** A webhook receiver on 127.0.0.1: it refuses the first delivery with 503, as a busy server would, then accepts. */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      const answered = received.length === 0 ? 503 : 200
      received.push({headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered})
      res.writeHead(answered).end()
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  const stop = () => new Promise<void>(resolve => server.close(() => resolve()))
  return {url: `http://127.0.0.1:${port}/hooks`, received, stop}
}

/** The service's signature (spec 6): hex HMAC-SHA256 of `timestamp.body` under the subscription's secret. */
const signed = (secret: string, {headers, body}: Received) =>
  createHmac('sha256', secret).update(`${headers['x-service-timestamp']}.${body}`).digest('hex') ===
  headers['x-service-signature']

export async function run(origin: string, apiKey: string) {
  const api = createClient<paths>({baseUrl: origin, headers: {authorization: `Bearer ${apiKey}`}})
  const control = createClient<ControlPaths>({baseUrl: origin})
  const keyed = () => ({header: {'idempotency-key': randomUUID()}})
  const receiver = await startReceiver()
  try {
    const deposit = await api.POST('/api/v2/team/sandbox-deposit', {
      params: keyed(),
      body: {currency: 'EUR', amount: '250.00'},
    })
    if (!deposit.data) throw new Error(`deposit: ${deposit.error?.error.code}`)

    const subscription = await api.POST('/api/v1/webhook', {
      body: {targetUrl: receiver.url, events: ['payout.completed']},
    })
    if (!subscription.data?.signingSecret) throw new Error(`subscribe: ${subscription.error?.error.code}`)
    const {id: subscriptionId, signingSecret} = subscription.data

    const created = await api.POST('/api/v2/payouts', {
      params: keyed(),
      body: {
        description: 'Session fee, March',
        amount: '80.00',
        currency: 'EUR',
        recipient: {type: 'email', email: 'rita@example.com'},
      },
    })
    if (!created.data) throw new Error(`create: ${created.error?.error.code}`)
    const id = created.data.id
    const approved = await api.POST('/api/v2/payouts/{id}/approve', {params: {path: {id}, ...keyed()}})
    if (!approved.data) throw new Error(`approve: ${approved.error?.error.code}`)

    // The recipient claims with PayPal, as on the claim page: the payout is requested and settles.
    const claimed = await control.POST('/_emulator/payouts/{id}/claim', {
      params: {path: {id}},
      body: {method: 'paypal', details: {email: 'rita@example.com'}},
    })
    if (!claimed.data) throw new Error(`claim: ${claimed.error?.error.code}`)

    const attempts = async () => {
      const log = await control.GET('/_emulator/webhooks/deliveries')
      if (!log.data) throw new Error(`deliveries: ${log.error?.error.code}`)
      return log.data.data.filter(attempt => attempt.subscriptionId === subscriptionId)
    }
    const before = await attempts()
    // The refused delivery's retry is due 10 s later on the emulator's clock: move it on and the retry runs.
    const clock = await control.POST('/_emulator/clock', {body: {advanceSeconds: 15}})
    if (!clock.data) throw new Error(`clock: ${clock.error?.error.code}`)
    const after = await attempts()

    await api.DELETE('/api/v1/webhook/{id}', {params: {path: {id: subscriptionId}}})
    // One entry per attempt: the refused first one, and its retry, scheduled (no answer yet) until the clock moved.
    const refused = before.find(attempt => attempt.responseStatus === 503)
    const isRetry = (attempt: (typeof before)[number]) =>
      attempt.event === refused?.event && attempt.attempt === refused.attempt + 1
    const retry = [before.find(isRetry), after.find(isRetry)]
    return {
      balance: deposit.data.balance?.available,
      statuses: [created.data.status, approved.data.status, claimed.data.status],
      clockAhead: clock.data.offsetSeconds,
      refused: refused && {event: refused.event, attempt: refused.attempt, status: refused.responseStatus},
      retry: {beforeClock: retry[0]?.responseStatus, afterClock: retry[1]?.responseStatus},
      attempts: after.length,
      received: receiver.received.map(delivery => {
        // A v2 event names its type; a v1 delivery is the payout itself, named by its status.
        const body = JSON.parse(delivery.body) as {type?: string; status?: string}
        return {event: body.type ?? `v1 ${body.status}`, answered: delivery.answered, signed: signed(signingSecret, delivery)}
      }),
    }
  } finally {
    await receiver.stop()
  }
}

if (process.argv[1]?.endsWith('control.js')) {
  const [origin, apiKey] = process.argv.slice(2)
  console.log(JSON.stringify(await run(origin, apiKey)))
}
