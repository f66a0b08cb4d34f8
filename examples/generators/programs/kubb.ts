// An integrator's program on kubb's output alone: the body checked by kubb's zod schema, sent by its fetch client,
// the answers read by kubb's zod schemas (its fetch client answers an error's body as it answers data), the payout
// read back, and an unknown id's answer. Answers a summary.
import fetchClient, {type RequestConfig} from '@kubb/plugin-client/clients/fetch'
import {createPayoutV2, createSandboxDeposit, getPayoutV2} from '../generated/kubb/index.js'
import {createPayoutV2BodySchema, errorEnvelopeSchema, payoutV2Schema} from '../generated/kubb/zod/index.js'
import {BOTH_RECIPIENTS, PAYOUT, type Summary, UNKNOWN_PAYOUT} from './summary.js'

export async function run(origin: string, apiKey: string): Promise<Summary> {
  // kubb's fetch client sends no content type of its own.
  fetchClient.setConfig({
    baseURL: origin,
    headers: {authorization: `Bearer ${apiKey}`, 'content-type': 'application/json'},
  })
  await createSandboxDeposit({currency: 'EUR', amount: '100.00'})
  const created = payoutV2Schema.parse(await createPayoutV2(createPayoutV2BodySchema.parse(PAYOUT)))
  const read = payoutV2Schema.parse(await getPayoutV2(created.id))
  // The generated function answers the body only: its `client` option sees the whole answer, status included.
  let unknownStatus = 0
  const unknown = errorEnvelopeSchema.parse(
    await getPayoutV2(UNKNOWN_PAYOUT, {
      client: async <Data, Failure, Sent>(config: RequestConfig<Sent>) => {
        const answer = await fetchClient<Data, Failure, Sent>(config)
        unknownStatus = answer.status
        return answer
      },
    }),
  )
  return {
    status: read.status ?? 'no status',
    unknown: {status: unknownStatus, code: unknown.error.code},
    bothRecipientsRefused: !createPayoutV2BodySchema.safeParse(BOTH_RECIPIENTS).success,
  }
}
