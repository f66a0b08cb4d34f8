import {SIGNATURE_HEADER, TIMESTAMP_HEADER} from './webhook-hmac.js'

/**
 * The document's `webhooks` (OpenAPI 3.1): what the service POSTs to a subscription's `targetUrl` (spec 6), the
 * body and the two signature headers, and what the receiver's answer makes the service do.
 */

type Json = Record<string, unknown>

const signatureHeaders = [
  {
    name: SIGNATURE_HEADER,
    in: 'header',
    required: true,
    description:
      "Hex HMAC-SHA256 of `<X-Service-Timestamp>.<raw body>` with the subscription's signing secret; compare it timing-safe. In the live service the middle word is the operator's name.",
    schema: {type: 'string', pattern: '^[0-9a-f]{64}$'},
    example: '5f1c0c1bb5e2d8c4f6f0f3a3e9c1f7b0a2d4e6f8091a2b3c4d5e6f708192a3b4',
  },
  {
    name: TIMESTAMP_HEADER,
    in: 'header',
    required: true,
    description: 'Unix time in seconds when the delivery was sent; reject one older than 5 minutes.',
    schema: {type: 'string', pattern: '^\\d+$'},
    example: '1795780800',
  },
]

const receiverAnswers = {
  '200': {description: 'Delivered (any 2xx): nothing more happens.'},
  '410': {description: 'The subscription is deleted; no retry.'},
  '429': {description: 'Retried after 60 seconds.'},
  '500': {
    description:
      'Any 5xx: retried up to 10 times, after 10, 20, 40 ... 5120 seconds (about 2.8 hours). Another 4xx is not retried.',
  },
}

const delivery = (operationId: string, summary: string, description: string, body: Json, example: Json): Json => ({
  post: {
    operationId,
    tags: ['v1 webhooks'],
    summary,
    description,
    security: [],
    parameters: signatureHeaders,
    requestBody: {required: true, content: {'application/json': {schema: body, example}}},
    responses: receiverAnswers,
  },
})

export function webhooks(ref: (name: string) => Json): Json {
  return {
    payoutEvent: delivery(
      'receivePayoutEvent',
      'A payout reached a status (v1: created, approved, requested, completed, deleted, expired).',
      'Sent to every subscription of the team in the environment where the payout lives. The body is the payout as `GET /api/v1/payout/{id}` answers it; absent optional fields are omitted, never null (spec 6.3). Verify the signature over the raw body before parsing it.',
      ref('PayoutEventV1'),
      {
        id: '0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d',
        customId: 'royalty-2026-10-0042',
        description: 'Video royalties, October 2026',
        amount: '125.50',
        currency: 'EUR',
        status: 'completed',
        message: 'Payout royalty-2026-10-0042 of 125.50 EUR to rita@example.com is completed.',
      },
    ),
    payoutSettlementEvent: delivery(
      'receivePayoutSettlementEvent',
      'A v2 payout settled: `payout.completed` or `payout.failed`.',
      'Sent after settlement of a pay request to the subscriptions that listed the event in `events` (spec 6.2); `data` is the v2 payout. Decided by payctl (DESIGN.md): the envelope `{object, id, type, createdAt, data}`.',
      ref('PayoutEventV2'),
      {
        object: 'event',
        id: 'evt_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        type: 'payout.completed',
        createdAt: '2026-11-27T10:00:00.000Z',
        data: {object: 'payout', id: 'payout_0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d', status: 'completed'},
      },
    ),
  }
}
