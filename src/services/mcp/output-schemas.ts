import * as z from 'zod'
import {
  accountSchema,
  counterpartySchema,
  countrySchema,
  deletedV2Schema,
  paymentMethodTypeSchema,
  payoutV1Schema,
  payoutV2Schema,
  sessionUrlSchema,
  teamV1Schema,
  transactionSchema,
  webhookSubscriptionSchema,
} from '../../client/schemas.js'

const oneOrMany = (item: z.core.$ZodType) => z.union([item, z.array(item)])

/**
 * What each command prints under --json (docs/scripting.md: one item is an object, several or a list an array), as
 * the API schemas describe it (the CLI parses every response with them, so its output conforms). A command missing
 * here prints no API document.
 */
const OUTPUTS: Record<string, () => z.core.$ZodType> = {
  'payouts:create': () => z.union([payoutV2Schema, payoutV1Schema]),
  'payouts:get': () => oneOrMany(z.union([payoutV2Schema, payoutV1Schema])),
  'payouts:list': () => z.array(z.union([payoutV2Schema, payoutV1Schema])),
  'payouts:update': () => payoutV2Schema,
  'payouts:delete': () => oneOrMany(z.union([deletedV2Schema, payoutV1Schema])),
  'payouts:approve': () => oneOrMany(payoutV2Schema),
  'payouts:pay': () => oneOrMany(payoutV2Schema),
  'payouts:send-claim-link': () => oneOrMany(payoutV2Schema),
  'payouts:wait': () => oneOrMany(payoutV2Schema),
  'counterparties:create': () => counterpartySchema,
  'counterparties:get': () => counterpartySchema,
  'counterparties:update': () => counterpartySchema,
  'counterparties:delete': () => deletedV2Schema,
  'counterparties:list': () => z.array(counterpartySchema),
  'counterparties:countries': () => z.array(countrySchema),
  'counterparties:payment-method-types': () => z.array(paymentMethodTypeSchema),
  'transactions:list': () => z.array(transactionSchema),
  'team:get': () => teamV1Schema,
  'team:accounts': () => z.array(accountSchema),
  'sessions:approval': () => sessionUrlSchema,
  'sessions:payout': () => sessionUrlSchema,
  'sessions:kyb': () => sessionUrlSchema,
  'sessions:allowance': () => sessionUrlSchema,
  'webhooks:list': () => z.array(webhookSubscriptionSchema),
  'emulator:claim': () => oneOrMany(payoutV2Schema),
}

/** The schema of a command's --json output, or undefined when it prints no API document. */
export const outputSchemaOf = (commandId: string): z.core.$ZodType | undefined => OUTPUTS[commandId]?.()
