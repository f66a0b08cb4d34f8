import {ApiError, type PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import type {CreatePayoutV2} from '../../client/v2/payouts-v2.js'
import {conflictError} from '../../shared/errors.js'
import {compareWithPayout} from './payout-differences.js'

/**
 * A v2 create keyed by customId that the service answers 409 (whatever the code or wording): the payout is
 * looked up by its customId. The same content means it is already there (an earlier run, another computer);
 * other content is a conflict naming both versions. `earlier`: the service replayed an earlier call's answer to
 * the same idempotency key.
 */
export async function createV2(
  client: PayoutClient,
  body: CreatePayoutV2,
  options: {idempotencyKey?: string},
): Promise<{payout: PayoutV2; present: boolean; earlier: boolean}> {
  try {
    return {...(await client.v2.payouts.submit(body, options)), present: false}
  } catch (error) {
    if (body.customId === undefined || !(error instanceof ApiError) || error.status !== 409) throw error
    const payout = await lookUp(client, body.customId, error)
    const compared = compareWithPayout(body, payout)
    if (compared.status === 'present') return {payout, present: true, earlier: false}
    throw conflictError(`customId ${body.customId}: ${compared.error}`, [
      'choose another --custom-id, or change the payout with "payctl payouts update"',
    ])
  }
}

/** The payout under `customId`; when the service has none, the 409 stands. */
async function lookUp(client: PayoutClient, customId: string, refusal: ApiError): Promise<PayoutV2> {
  try {
    return await client.v2.payouts.get(customId)
  } catch (error) {
    throw error instanceof ApiError && error.status === 404 ? refusal : error
  }
}
