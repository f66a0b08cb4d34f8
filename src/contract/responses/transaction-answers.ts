import * as z from 'zod/mini'
import {decimal, strings, text, timestamp} from './answer-fields.js'

/** Transactions: every money movement on the team's accounts (spec 4.5b). */

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
