import {ApiError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import {isDeleted} from '../../contract/lifecycle.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import type {PayoutKey} from './ids-input.js'

/**
 * A payout read by its v2 form. v2 answers 404 for a deleted payout while v1 keeps it with status `deleted`
 * (spec section 3): on a 404, v1 is asked once, and a payout it holds as deleted is named so (still exit 4, code
 * PAYOUT_NOT_FOUND), with the command that shows it.
 */
export async function getV2NamingDeleted(client: PayoutClient, key: PayoutKey): Promise<PayoutV2> {
  try {
    return await client.v2.payouts.get(key.v2)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error
    const v1 = await (key.kind === 'id'
      ? client.v1.payouts.get(key.v1)
      : client.v1.payouts.get(key.customId, 'custom_id')
    ).catch(() => undefined)
    if (!isDeleted(v1?.status)) throw error
    const named = key.kind === 'id' ? key.v2 : `--custom-id ${key.customId}`
    throw new PayctlError(`payout ${key.label} was deleted: v2 answers 404 for a deleted payout`, {
      exitCode: ExitCode.notFound,
      code: error.code,
      suggestions: [`"payctl payouts get ${named} --api v1" shows it with status deleted`],
      cause: error,
    })
  }
}
