import type {CreatePayoutV1} from '../../../client/v1/payouts-v1.js'
import type {CreatePayoutV2} from '../../../client/v2/payouts-v2.js'
import {CounterpartyRefs} from '../check/counterparty-refs.js'
import type {OnlineChecks} from '../check/online-checks.js'
import type {ChunkOptions} from '../send/chunks.js'
import type {ChunkSender} from '../send/send.js'
import type {RowSchema, SchemaOptions} from '../validate/import-schema.js'
import type {PayoutRowV2} from '../validate/import-schema-v2.js'
import type {Confirmation, ImportKind} from './import-kind.js'

/**
 * Payouts as a kind of import: the v1 or v2 row schema, the v1 upsert or v2 batch sender, the dry run's
 * currency and balance checks, and the confirmation of rows that move money (v2 --and-then, v1 preApproved).
 */

type PayoutItem = CreatePayoutV1 | CreatePayoutV2 | PayoutRowV2

export interface PayoutKindOptions {
  api: 'v1' | 'v2'
  andThen?: 'send-claim-link' | 'pay'
  decimalComma: boolean
  allowConfusable?: boolean
}

function confirmAction(options: PayoutKindOptions): string {
  if (options.api === 'v1') return 'import pre-approved payouts (money is reserved on approval)'
  return options.andThen === 'pay'
    ? 'import and pay payouts'
    : 'import and approve payouts (then send their claim links)'
}

/** The row schema, noting rows that name their counterparty by customId (looked up before sending). */
async function schemaOf(api: 'v1' | 'v2', refs: CounterpartyRefs): Promise<RowSchema<PayoutItem>> {
  if (api === 'v1') return (await import('../validate/import-schema-v1.js')).v1Schema as RowSchema<PayoutItem>
  const {v2Schema} = await import('../validate/import-schema-v2.js')
  return {
    ...v2Schema,
    parse(cells, schemaOptions, build) {
      if (!refs.named && cells.get('counterpartyCustomId') !== undefined) refs.named = true
      return v2Schema.parse(cells, schemaOptions, build)
    },
  } as RowSchema<PayoutItem>
}

/** Dry run: the service's currencies and balances; every run: the counterparties named by customId. */
async function checkPayouts(
  refs: CounterpartyRefs,
  input: Parameters<NonNullable<ImportKind<PayoutItem>['checkOnline']>>[0],
  movesMoney: (item: unknown) => boolean,
): Promise<OnlineChecks | undefined> {
  const chunkOptions = input.chunkOptions as ChunkOptions<PayoutRowV2>
  if (input.sending) {
    if (!refs.named) return undefined
    const problems = await refs.resolve(await input.client(), chunkOptions)
    return {online: true, problems, checked: 'the counterparties named by customId (GET /counterparties/{customId})'}
  }
  const {checkOnline} = await import('../check/online-checks.js')
  const checks = await checkOnline({...input, chunkOptions: chunkOptions as ChunkOptions<unknown>, movesMoney})
  if (!checks.online || !refs.named) return checks
  const problems = [...(await refs.resolve(await input.client(), chunkOptions)), ...checks.problems]
  return {...checks, problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))}
}

export async function payoutKind(options: PayoutKindOptions): Promise<ImportKind<PayoutItem>> {
  const refs = new CounterpartyRefs()
  const schema = await schemaOf(options.api, refs)
  const schemaOptions: SchemaOptions = {
    decimalComma: options.decimalComma,
    andThen: options.andThen,
    allowConfusable: options.allowConfusable,
  }
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
      if (options.api === 'v1') return (await import('../send/send-v1.js')).v1Sender(client) as ChunkSender<PayoutItem>
      return (await import('../send/send-v2.js')).v2Sender(client, options.andThen) as ChunkSender<PayoutItem>
    },
    checkOnline: input => checkPayouts(refs, input, movesMoney),
    prepare: item => refs.prepare(item as PayoutRowV2),
    confirmation(validation): Confirmation | undefined {
      const moving = validation.moneyMoving
      if (!moving.count) return undefined
      return {action: confirmAction(options), count: moving.count, totals: moving.totals}
    },
  }
}
