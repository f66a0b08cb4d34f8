import * as z from 'zod/mini'
import {decimal, deprecated, flag, text, timestamp} from './answer-fields.js'

/** The team, its balances and accounts, in both generations (spec 2). */

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
