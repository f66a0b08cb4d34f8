import type {CreatePayoutV1} from '../../../client/v1/payouts-v1.js'
import type {CreatePayoutV2} from '../../../client/v2/payouts-v2.js'
import type {ChunkOptions} from '../chunks.js'
import type {RowSchema, SchemaOptions} from '../import-schema.js'
import type {ChunkSender} from '../send.js'
import type {Confirmation, ImportKind} from './import-kind.js'

/**
 * Payouts as a kind of import: the v1 or v2 row schema, the v1 upsert or v2 batch sender, the dry run's
 * currency and balance checks, and the confirmation of rows that move money (v2 --and-then, v1 preApproved).
 */

type PayoutItem = CreatePayoutV1 | CreatePayoutV2

export interface PayoutKindOptions {
  api: 'v1' | 'v2'
  andThen?: 'send-claim-link' | 'pay'
  decimalComma: boolean
}

function confirmAction(options: PayoutKindOptions): string {
  if (options.api === 'v1') return 'import pre-approved payouts (money is reserved on approval)'
  return options.andThen === 'pay' ? 'import and pay payouts' : 'import and approve payouts (then send their claim links)'
}

export async function payoutKind(options: PayoutKindOptions): Promise<ImportKind<PayoutItem>> {
  const schema = (
    options.api === 'v1'
      ? (await import('../import-schema-v1.js')).v1Schema
      : (await import('../import-schema-v2.js')).v2Schema
  ) as RowSchema<PayoutItem>
  const schemaOptions: SchemaOptions = {decimalComma: options.decimalComma, andThen: options.andThen}
  const movesMoney = (item: unknown) =>
    options.api === 'v2' ? options.andThen !== undefined : (item as {preApproved?: boolean}).preApproved === true
  return {
    namespace: '',
    api: options.api,
    schema,
    schemaOptions,
    request: `${options.api} ${options.andThen ?? ''}`,
    andThen: options.andThen,
    idColumn: 'payoutId',
    async sender(client) {
      if (options.api === 'v1') return (await import('../send-v1.js')).v1Sender(client) as ChunkSender<PayoutItem>
      return (await import('../send-v2.js')).v2Sender(client, options.andThen) as ChunkSender<PayoutItem>
    },
    async checkOnline({client, validation, chunkOptions, sending}) {
      if (sending) return undefined
      const {checkOnline} = await import('../online-checks.js')
      return checkOnline({client, validation, chunkOptions: chunkOptions as ChunkOptions<unknown>, movesMoney})
    },
    confirmation(validation): Confirmation | undefined {
      const moving = validation.moneyMoving
      if (!moving.count) return undefined
      return {action: confirmAction(options), count: moving.count, totals: moving.totals}
    },
  }
}
