import type {PayoutClient} from '../../../client/index.js'
import type {CreatePayoutV1} from '../../../client/v1/payouts-v1.js'
import type {CreatePayoutV2} from '../../../client/v2/payouts-v2.js'
import type {ApiGeneration} from '../../../contract/primitives.js'
import {CounterpartyRefs} from '../check/counterparty-refs.js'
import type {OnlineChecks} from '../check/online-checks.js'
import type {ChunkOptions} from '../send/chunks.js'
import type {ChunkSender} from '../send/send.js'
import type {RowSchema, SchemaOptions} from '../validate/import-schema.js'
import type {PayoutRowV2} from '../validate/import-schema-v2.js'
import type {Confirmation, DryRunChecks, ImportKind} from './import-kind.js'

/**
 * Payouts as a kind of import: the v1 or v2 row schema, the v1 upsert or v2 batch sender, the dry run's
 * currency and balance checks (as the rows are read), and the confirmation of rows that move money (v2 --and-then, v1 preApproved).
 */

type PayoutItem = CreatePayoutV1 | CreatePayoutV2 | PayoutRowV2

export interface PayoutKindOptions {
  api: ApiGeneration
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
async function schemaOf(api: ApiGeneration, refs: CounterpartyRefs): Promise<RowSchema<PayoutItem>> {
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

/** Every run: the counterparties named by customId (the dry run's: DryRunChecks). */
async function checkPayouts(
  refs: CounterpartyRefs,
  input: Parameters<NonNullable<ImportKind<PayoutItem>['checkOnline']>>[0],
): Promise<OnlineChecks | undefined> {
  if (!refs.named) return undefined
  const problems = await refs.resolve(await input.client(), input.chunkOptions as ChunkOptions<PayoutRowV2>)
  return {online: true, problems, checked: 'the counterparties named by customId (GET /counterparties/{customId})'}
}

/** Dry run: the service's currencies and balances as the rows are read, then the counterparties named by customId. */
async function dryRunChecks(
  refs: CounterpartyRefs,
  client: () => Promise<PayoutClient>,
): Promise<DryRunChecks<PayoutItem>> {
  const balances = new (await import('../check/online-checks.js')).BalanceCheck(client)
  return {
    accepted: balances.accepted.bind(balances),
    settle: () => balances.settle(),
    readsRows: hasColumn => hasColumn('counterpartyCustomId'),
    async result(chunkOptions) {
      const checks = await balances.result()
      if (!checks.online || !refs.named) return checks
      const named = await refs.resolve(await client(), chunkOptions as ChunkOptions<PayoutRowV2>)
      return {...checks, problems: [...named, ...checks.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))}
    },
  }
}

export async function payoutKind(options: PayoutKindOptions): Promise<ImportKind<PayoutItem>> {
  const refs = new CounterpartyRefs()
  const schema = await schemaOf(options.api, refs)
  const schemaOptions: SchemaOptions = {
    decimalComma: options.decimalComma,
    andThen: options.andThen,
    allowConfusable: options.allowConfusable,
  }
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
    checkOnline: input => checkPayouts(refs, input),
    dryRunChecks: client => dryRunChecks(refs, client),
    prepare: item => refs.prepare(item as PayoutRowV2),
    confirmation(validation): Confirmation | undefined {
      const moving = validation.moneyMoving
      if (!moving.count) return undefined
      return {action: confirmAction(options), count: moving.count, totals: moving.totals}
    },
  }
}
