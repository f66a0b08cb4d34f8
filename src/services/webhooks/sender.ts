import {randomBytes} from 'node:crypto'
import {answerText, httpCall} from '../../shared/http-call.js'
import {causeOf, errnoCode, messageOf} from '../../shared/thrown.js'
import {sign} from './webhook-signature.js'

/** `--stale` timestamps are this old: twice the spec's recommended 5-minute tolerance. */
export const STALE_SECONDS = 600
const TIMEOUT_MS = 10_000
const MAX_SHOWN_BODY = 500

export interface SendOptions {
  url: string
  secret: string
  /** The exact bytes to sign and send. */
  body: Buffer
  /** Sign with a wrong key, so that a correct receiver answers 4xx. */
  badSignature?: boolean
  /** A timestamp STALE_SECONDS old (correctly signed), so that a correct receiver answers 4xx. */
  stale?: boolean
  /** Header names are `<prefix>-Signature` and `<prefix>-Timestamp` (default `X-Service`). */
  headerPrefix?: string
  userAgent?: string
  now?: number
}

/** What `webhooks send` reports (and prints under --json). */
export type SendResult = {
  url: string
  /** What a correct receiver does with this delivery. */
  expected: 'accepted' | 'rejected'
  /** Whether the receiver did that. */
  ok: boolean
  status: number
  /** The receiver's answer body (first 500 characters). */
  responseBody: string
  timestamp: number
  signature: string
  /** One sentence: what the answer means. */
  message: string
}

export class SendConnectionError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'SendConnectionError'
  }
}

/** What the status means for a delivery a correct receiver accepts (2xx expected). */
function judgeGood(status: number): {ok: boolean; message: string} {
  if (status >= 200 && status < 300) return {ok: true, message: `accepted (${status})`}
  let consequence = 'the service treats other 4xx answers as a permanent failure and drops the delivery'
  if (status >= 500) consequence = 'the service would retry it up to 10 times, backing off from 10 s to 5120 s'
  else if (status === 429) consequence = 'the service would retry it after 60 s'
  else if (status === 410) consequence = 'the service would delete the subscription'
  else if (status === 401 || status === 403 || status === 400)
    consequence +=
      '; does the receiver use the same secret, and verify the raw body (before JSON parsing) with the timestamp header?'
  else if (status < 400) consequence = `the service does not count ${status} as delivered`
  return {ok: false, message: `answered ${status} to a correctly signed delivery: ${consequence}`}
}

/** What the status means for a delivery a correct receiver rejects (4xx expected, not 410). */
function judgeBad(status: number, what: string, missing: string): {ok: boolean; message: string} {
  if (status >= 200 && status < 300)
    return {
      ok: false,
      message: `accepted a delivery with ${what} (answered ${status}): the receiver does not ${missing}`,
    }
  if (status === 410)
    return {
      ok: false,
      message: `answered 410 to a delivery with ${what}: the service would delete the subscription; answer 400 or 401`,
    }
  if (status >= 400 && status < 500) return {ok: true, message: `rejected as expected (${status})`}
  return {
    ok: false,
    message: `answered ${status} to a delivery with ${what}: the service would retry it; answer 400 or 401 instead`,
  }
}

/** Signs (or deliberately mis-signs) a delivery, posts it, and judges the answer. */
export async function sendDelivery(options: SendOptions): Promise<SendResult> {
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000)
  const timestamp = options.stale ? nowSeconds - STALE_SECONDS : nowSeconds
  const key = options.badSignature ? randomBytes(32).toString('hex') : options.secret
  const signature = sign(key, timestamp, options.body)
  const prefix = options.headerPrefix ?? 'X-Service'
  let status: number
  let responseBody: string
  try {
    const response = await httpCall(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': options.userAgent ?? 'payctl',
        [`${prefix}-Signature`]: signature,
        [`${prefix}-Timestamp`]: String(timestamp),
      },
      body: options.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    status = response.statusCode
    const text = await answerText(response, MAX_SHOWN_BODY + 4)
    responseBody = text.length > MAX_SHOWN_BODY ? `${text.slice(0, MAX_SHOWN_BODY)}…` : text
  } catch (error) {
    const cause = causeOf(error)
    const code = errnoCode(cause) ?? errnoCode(error)
    const message = cause === undefined ? messageOf(error) : messageOf(cause)
    throw new SendConnectionError(`could not deliver to ${options.url}: ${message}`, code)
  }
  const expected = options.badSignature || options.stale ? 'rejected' : 'accepted'
  const verdict =
    expected === 'accepted'
      ? judgeGood(status)
      : options.badSignature
        ? judgeBad(status, 'a wrong signature', 'verify signatures')
        : judgeBad(status, `a timestamp ${STALE_SECONDS / 60} min old`, 'check the timestamp (tolerance 300 s)')
  return {url: options.url, expected, status, responseBody, timestamp, signature, ...verdict}
}
