// An integrator's program on @hey-api/openapi-ts's output alone: the body checked by its zod schema, sent by its
// SDK and fetch client, the payout read back, and an unknown id's answer. Answers a summary.
import {client} from '../generated/hey-api/client.gen.js'
import {createPayoutV2, createSandboxDeposit, getPayoutV2} from '../generated/hey-api/sdk.gen.js'
import {zCreatePayoutV2Body} from '../generated/hey-api/zod.gen.js'
import {BOTH_RECIPIENTS, PAYOUT, type Summary, UNKNOWN_PAYOUT} from './summary.js'

export async function run(origin: string, apiKey: string): Promise<Summary> {
  client.setConfig({baseUrl: origin, auth: apiKey})
  const deposit = await createSandboxDeposit({body: {currency: 'EUR', amount: '100.00'}})
  if (deposit.error) throw new Error(`sandbox deposit: ${deposit.response?.status} ${deposit.error.error.code}`)
  const created = await createPayoutV2({body: zCreatePayoutV2Body.parse(PAYOUT)})
  if (created.error) throw new Error(`create: ${created.response?.status} ${created.error.error.code}`)
  const read = await getPayoutV2({path: {id: created.data.id}})
  const unknown = await getPayoutV2({path: {id: UNKNOWN_PAYOUT}})
  return {
    status: read.data?.status ?? `HTTP ${read.response?.status}`,
    unknown: {status: unknown.response?.status ?? 0, code: unknown.error?.error.code},
    bothRecipientsRefused: !zCreatePayoutV2Body.safeParse(BOTH_RECIPIENTS).success,
  }
}
