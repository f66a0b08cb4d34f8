import * as z from 'zod/mini'
import {V1_STATES, V2_STATES} from '../lifecycle.js'
import {decimal, deprecated, flag, known, strings, text, timestamp} from './answer-fields.js'

/** Payouts as both generations answer them (spec 2). */

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
