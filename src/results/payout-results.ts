import * as z from 'zod/mini'
import {payoutV2Schema} from '../contract/responses/payout-answers.js'

/*
 * Results of src/commands/payouts that payctl makes itself (not an API document as the service answered it). Loose
 * like the API's: a field added later is kept, and a reader may rely only on the fields named here. The services'
 * types of these values are type aliases, not interfaces: an interface does not fit a loose object's index signature.
 */

const count = z.number()
const optionalCount = z.optional(z.number())
const text = z.optional(z.string())
const lineList = z.looseObject({count, lines: z.array(z.number())})

/** How an import's file differs from the one its journal last saw, by line. */
const importDiffSchema = z.looseObject({unchanged: count, added: lineList, changed: lineList, removed: lineList})

/** `payouts import --json`: the validation's counts, and after a real import what happened to the rows. */
const importSummarySchema = z.looseObject({
  rows: count,
  valid: count,
  invalid: count,
  /** Amounts per currency, decimal strings. */
  totals: z.record(z.string(), z.string()),
  errors: z.array(z.looseObject({line: count, column: z.nullable(z.string()), message: z.string()})),
  errorsOmitted: optionalCount,
  /** --dry-run: the checks against the service, and what an import would send now. */
  checks: z.optional(
    z.looseObject({
      online: z.boolean(),
      problems: z.array(z.looseObject({line: z.nullable(count), message: z.string()})),
    }),
  ),
  preview: z.optional(
    z.looseObject({profile: z.string(), importedBefore: count, wouldSend: count, diff: z.optional(importDiffSchema)}),
  ),
  created: optionalCount,
  updated: optionalCount,
  unchanged: optionalCount,
  alreadyPresent: optionalCount,
  followedUp: optionalCount,
  conflicts: optionalCount,
  conflictsEarlier: optionalCount,
  failed: optionalCount,
  paymentsFailed: optionalCount,
  pending: optionalCount,
  refused: optionalCount,
  chunks: optionalCount,
  chunksSent: optionalCount,
  chunksFailed: optionalCount,
  diff: z.optional(importDiffSchema),
  /** Failed and conflicting rows, the first ones. */
  problems: z.optional(
    z.array(z.looseObject({line: count, customId: text, payoutId: text, status: z.string(), error: text})),
  ),
  stopped: text,
  report: text,
  journal: text,
})

/** One row of `payouts import-status`: the file's line and values joined with its payout's state. */
const importStatusRowSchema = z.looseObject({
  line: count,
  customId: text,
  description: text,
  amount: text,
  currency: text,
  recipientEmail: text,
  recipientPhone: text,
  counterpartyId: text,
  creatorHandle: text,
  tags: text,
  payoutId: text,
  /** The payout's status, or not-imported, invalid, awaiting-claim. */
  status: z.string(),
  failureCode: text,
  failureReason: text,
  createdAt: text,
  approvedAt: text,
  claimLinkSentAt: text,
  requestedAt: text,
  completedAt: text,
  updatedAt: text,
})

export const PAYOUT_RESULTS = {
  importSummary: () => importSummarySchema,
  importStatusRows: () => z.array(importStatusRowSchema),
  /** `payouts changes`: each payout whose status changed, with the status the last run saw (null: new). */
  payoutChanges: () => z.array(z.extend(payoutV2Schema, {previousStatus: z.nullable(z.string())})),
  /** `payouts wait`: the payouts as last read, in the order given (always an array). */
  waitedPayouts: () => z.array(payoutV2Schema),
} satisfies Record<string, () => z.ZodMiniType>
