import * as z from 'zod/mini'
import {noted} from './document-notes.js'
import {V1_STATES, V2_EVENTS, V2_STATES} from './lifecycle.js'

/**
 * Response schemas for every resource of the spec (section 2), in zod's "mini" form (functions instead of
 * methods), so that the bundle keeps only the parts of zod the client uses. They are loose on purpose (spec section 9):
 * unknown fields are kept, enum-like fields accept any string, and only identifiers are required.
 */

const text = z.optional(z.string())

/**
 * A string the parser takes whatever it holds (spec 9: a new value is not a breaking change) and the document
 * lists as today's closed set, so that a generated client's types name every value.
 */
function known(values: readonly string[]) {
  return z.optional(noted(z.string(), {enum: [...values]}))
}

/** A field the spec deprecates (section 9): still answered, marked `deprecated` in the document. */
function deprecated(instead: string) {
  return z.optional(noted(z.string(), {deprecated: true, description: `Deprecated (spec 9): use ${instead}.`}))
}
const timestamp = z.optional(z.string())
const decimal = z.optional(z.string())
const flag = z.optional(z.boolean())
const strings = z.optional(z.array(z.string()))

export const payoutV1Schema = z.looseObject({
  id: z.string(),
  uuid: deprecated('`id`, the same value'),
  customId: text,
  description: text,
  amount: decimal,
  currency: text,
  createdAt: timestamp,
  updatedAt: timestamp,
  creatorHandle: text,
  verificationMethod: text,
  handleType: deprecated('`verificationMethod`'),
  tags: z.optional(z.array(z.unknown())),
  payoutType: text,
  status: known(V1_STATES),
  notifications: text,
  /** Only in the answer of `POST /payout`. */
  action: known(['created', 'updated']),
  url: deprecated('a fresh claim URL from `POST /session/payout`'),
})
export type PayoutV1 = z.infer<typeof payoutV1Schema>

export const recipientSchema = z.looseObject({type: text, email: text, phone: text})

export const payoutV2Schema = z.looseObject({
  object: text,
  id: z.string(),
  customId: text,
  description: text,
  amount: decimal,
  currency: text,
  recipient: z.optional(recipientSchema),
  counterpartyId: text,
  status: known(V2_STATES),
  locked: flag,
  availableOn: text,
  expiresAt: timestamp,
  tags: strings,
  paymentMethod: z.optional(z.looseObject({type: text, asset: text, currency: text})),
  senderInvoiceUrl: text,
  recipientInvoiceUrl: text,
  recipientInvoiceSource: text,
  failureCode: text,
  failureReason: text,
  approvedAt: timestamp,
  claimLinkSentAt: timestamp,
  requestedAt: timestamp,
  completedAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type PayoutV2 = z.infer<typeof payoutV2Schema>

export const deletedV2Schema = z.looseObject({object: text, id: z.string(), deleted: z.boolean()})
export type DeletedV2 = z.infer<typeof deletedV2Schema>

export const addressSchema = z.looseObject({
  line1: text,
  line2: text,
  city: text,
  state: text,
  postalCode: text,
  country: text,
})

export const taxIdentitySchema = z.looseObject({
  taxId: text,
  vatNumber: text,
  dateOfBirth: text,
  birthPlaceCity: text,
  birthPlaceCountry: text,
  registrationNumber: text,
})

export const counterpartySchema = z.looseObject({
  object: text,
  id: z.string(),
  customId: text,
  identity: z.optional(z.looseObject({type: text, firstName: text, lastName: text})),
  email: text,
  address: z.optional(addressSchema),
  paymentMethod: z.optional(z.looseObject({type: text, iban: text, currency: text})),
  taxIdentity: z.optional(taxIdentitySchema),
  recipientManaged: flag,
  missing: strings,
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type Counterparty = z.infer<typeof counterpartySchema>

const allowanceV1Schema = z.looseObject({limit: decimal, used: decimal, remaining: decimal, nextResetAt: timestamp})

export const balanceV1Schema = z.looseObject({
  type: text,
  currency: text,
  tokenSymbol: text,
  isActivePayout: flag,
  tokenAddress: text,
  walletAddress: text,
  balance: decimal,
  allowance: z.nullish(allowanceV1Schema),
  openPayoutAmount: decimal,
  balanceAfterPendingPayouts: decimal,
  scheduledPayoutAmount: decimal,
})

export const depositRailSchema = z.looseObject({
  type: text,
  iban: text,
  bic: text,
  ownership: text,
  beneficiary: text,
  bankName: text,
  bankAddress: text,
  reference: text,
})

export const teamV1Schema = z.looseObject({
  id: z.string(),
  teamUuid: deprecated('`id`'),
  name: text,
  kybStatus: text,
  dac7ReportingRequired: flag,
  totalBalance: decimal,
  totalBalanceCurrency: text,
  balances: z.optional(z.array(balanceV1Schema)),
  deposits: z.optional(z.array(z.looseObject({currency: text, rails: z.optional(z.array(depositRailSchema))}))),
  members: z.optional(z.array(z.looseObject({email: text, name: text, role: text, joinedAt: timestamp}))),
})
export type TeamV1 = z.infer<typeof teamV1Schema>

export const teamSettingsSchema = z.looseObject({dac7ReportingRequired: flag})

export const teamV2Schema = z.looseObject({object: text, id: z.string(), name: text})
export type TeamV2 = z.infer<typeof teamV2Schema>

export const accountSchema = z.looseObject({
  object: text,
  currency: text,
  balance: z.optional(z.looseObject({total: decimal, reserved: decimal, available: decimal})),
  allowance: z.nullish(z.looseObject({limit: decimal, used: decimal, resetsAt: timestamp})),
  depositInstructions: z.optional(z.array(depositRailSchema)),
})
export type Account = z.infer<typeof accountSchema>

export const transactionSchema = z.looseObject({
  object: text,
  id: z.string(),
  type: text,
  status: text,
  direction: text,
  amount: decimal,
  currency: text,
  payoutIds: strings,
  counterpartyId: text,
  account: z.optional(z.looseObject({type: text, iban: text, holder: text})),
  reference: text,
  txHash: text,
  documents: z.optional(z.array(z.looseObject({type: text, number: text, url: text, issuedAt: timestamp}))),
  createdAt: timestamp,
  completedAt: timestamp,
})
export type Transaction = z.infer<typeof transactionSchema>

export const sessionUrlSchema = z.looseObject({url: z.string()})
export type SessionUrl = z.infer<typeof sessionUrlSchema>

export const webhookSubscriptionSchema = z.looseObject({
  id: z.string(),
  targetUrl: text,
  eventType: text,
  createdAt: timestamp,
  signingSecret: text,
})
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>

export const countrySchema = z.looseObject({object: text, code: z.string(), name: text})
export type Country = z.infer<typeof countrySchema>

export const paymentMethodTypeSchema = z.looseObject({object: text, type: z.string()})
export type PaymentMethodType = z.infer<typeof paymentMethodTypeSchema>

/** The v2 list envelope; transactions (and payouts) add cursors. */
export const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({
    object: text,
    data: z.array(item),
    hasMore: flag,
    nextCursor: z.nullish(z.string()),
  })
export type ListEnvelope<T> = {object?: string; data: T[]; hasMore?: boolean; nextCursor?: string | null}

/** A v1 webhook delivery (spec 6.3): the payout as `GET /payout/{id}` answers it, with a line a person can read. */
export const payoutEventV1Schema = z.extend(payoutV1Schema, {message: text})

/** A v2 settlement event (spec 6.2): `payout.completed` or `payout.failed` with the v2 payout. */
export const payoutEventV2Schema = z.looseObject({
  object: text,
  id: z.string(),
  type: known(V2_EVENTS),
  createdAt: timestamp,
  data: payoutV2Schema,
})
