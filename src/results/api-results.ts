import * as z from 'zod/mini'
import {clockSchema, faultSchema} from '../contract/control-bodies.js'
import {
  accountSchema,
  counterpartySchema,
  countrySchema,
  deletedV2Schema,
  paymentMethodTypeSchema,
  payoutV1Schema,
  payoutV2Schema,
  sessionUrlSchema,
  teamSettingsSchema,
  teamV1Schema,
  transactionSchema,
  webhookSubscriptionSchema,
} from '../contract/responses.js'

/** One item asked for is an object; several, or a list, an array (docs/scripting.md). */
export const oneOrMany = <T extends z.ZodMiniType>(item: T) => z.union([item, z.array(item)])

const payoutEither = () => z.union([payoutV2Schema, payoutV1Schema])

/** Results that are API documents as the service answered them (loose: unknown fields are kept). */
export const API_RESULTS = {
  payout: payoutEither,
  payoutV2: () => payoutV2Schema,
  payoutOrPayouts: () => oneOrMany(payoutEither()),
  payoutsV2: () => oneOrMany(payoutV2Schema),
  payoutList: () => z.array(payoutEither()),
  deletedPayouts: () => oneOrMany(z.union([deletedV2Schema, payoutV1Schema])),
  counterparty: () => counterpartySchema,
  counterpartyList: () => z.array(counterpartySchema),
  deleted: () => deletedV2Schema,
  countries: () => z.array(countrySchema),
  paymentMethodTypes: () => z.array(paymentMethodTypeSchema),
  transactions: () => z.array(transactionSchema),
  team: () => teamV1Schema,
  accounts: () => z.array(accountSchema),
  account: () => accountSchema,
  teamSettings: () => teamSettingsSchema,
  sessionUrl: () => sessionUrlSchema,
  webhooks: () => z.array(webhookSubscriptionSchema),
  /** `webhooks create`: the subscription, with the signing secret the command shows once. */
  webhook: () => webhookSubscriptionSchema,
  fault: () => faultSchema,
  faults: () => z.array(faultSchema),
  faultsCleared: () => z.object({cleared: z.number()}),
  clock: () => clockSchema,
  emulatorReset: () => z.looseObject({teamId: z.string()}),
} satisfies Record<string, () => z.ZodMiniType>
