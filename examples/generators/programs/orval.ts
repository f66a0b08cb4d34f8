// An integrator's program on orval's output alone: the body checked by orval's zod schema, sent by orval's fetch
// client (through ../orval-fetch.ts), the payout read back, and an unknown id's answer. Answers a summary.
import {createPayoutV2, createSandboxDeposit, getPayoutV2} from '../generated/orval/client.js'
import {CreatePayoutV2Body} from '../generated/orval/zod.js'
import {configure} from '../orval-fetch.js'
import {BOTH_RECIPIENTS, PAYOUT, type Summary, UNKNOWN_PAYOUT} from './summary.js'

export async function run(origin: string, apiKey: string): Promise<Summary> {
  configure(origin, apiKey)
  const deposit = await createSandboxDeposit({currency: 'EUR', amount: '100.00'})
  if (deposit.status !== 200) throw new Error(`sandbox deposit: ${deposit.status} ${deposit.data.error.code}`)
  const created = await createPayoutV2(CreatePayoutV2Body.parse(PAYOUT))
  if (created.status !== 200) throw new Error(`create: ${created.status} ${created.data.error.code}`)
  const read = await getPayoutV2(created.data.id)
  const unknown = await getPayoutV2(UNKNOWN_PAYOUT)
  return {
    status: read.status === 200 ? (read.data.status ?? 'no status') : `HTTP ${read.status}`,
    unknown: unknown.status === 404 ? {status: 404, code: unknown.data.error.code} : {status: unknown.status},
    bothRecipientsRefused: !CreatePayoutV2Body.safeParse(BOTH_RECIPIENTS).success,
  }
}
