// An integrator's program on openapi-zod-client's schemas alone (its `schemas-only` template; its default template
// makes a zodios client, which needs zod 3): the body checked by the schema, sent with fetch, the answer parsed
// by the PayoutV2 schema, and an unknown id's answer parsed by the error envelope's. Answers a summary.
import {schemas} from '../generated/openapi-zod-client/schemas.js'
import {BOTH_RECIPIENTS, PAYOUT, type Summary, UNKNOWN_PAYOUT} from './summary.js'

export async function run(origin: string, apiKey: string): Promise<Summary> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {authorization: `Bearer ${apiKey}`, 'content-type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return {status: res.status, body: (await res.json()) as unknown}
  }
  await call('POST', '/api/v2/team/sandbox-deposit', schemas.SandboxDepositBody.parse({currency: 'EUR', amount: '100.00'}))
  const created = await call('POST', '/api/v2/payouts', schemas.CreatePayoutV2Body.parse(PAYOUT))
  const payout = schemas.PayoutV2.parse(created.body)
  const read = schemas.PayoutV2.parse((await call('GET', `/api/v2/payouts/${payout.id}`)).body)
  const unknown = await call('GET', `/api/v2/payouts/${UNKNOWN_PAYOUT}`)
  return {
    status: String(read.status),
    unknown: {status: unknown.status, code: schemas.ErrorEnvelope.parse(unknown.body).error.code},
    bothRecipientsRefused: !schemas.CreatePayoutV2Body.safeParse(BOTH_RECIPIENTS).success,
  }
}
