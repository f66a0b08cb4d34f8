import * as z from 'zod/mini'
import {AND_THEN} from '../primitives.js'
import {
  amount,
  amountFitsCurrency,
  batchIds,
  body,
  choice,
  currency,
  customId,
  email,
  freeText,
  integerIn,
  nested,
  phone,
  prefixedId,
  tags,
} from './request-fields.js'

export {AND_THEN, type AndThen} from '../primitives.js'

const andThen = choice(AND_THEN)

export const RECIPIENT_TYPES = ['email', 'phone'] as const

/** A v2 recipient: an e-mail or a phone, named by `type`. */
export const recipientV2 = nested({
  type: choice(RECIPIENT_TYPES),
  email: z.optional(email),
  phone: z.optional(phone),
}).check(
  z.superRefine((value, ctx) => {
    if (value.type === 'email' && value.email === undefined)
      ctx.addIssue({code: 'custom', message: 'is required', path: ['email'], input: undefined})
    if (value.type === 'phone' && value.phone === undefined)
      ctx.addIssue({code: 'custom', message: 'is required', path: ['phone'], input: undefined})
  }),
)

const payoutFields = {
  customId: z.optional(customId),
  description: freeText(1000),
  amount,
  currency,
  recipient: z.optional(recipientV2),
  counterpartyId: z.optional(prefixedId('counterparty_')),
  tags: z.optional(tags),
}

/** Exactly one of `recipient` and `counterpartyId`; when `required` is false (a PATCH), neither is fine too. */
const oneRecipient = (required: boolean) =>
  z.superRefine(
    (value: {recipient?: unknown; counterpartyId?: unknown}, ctx) => {
      if (!value || typeof value !== 'object') return
      const hasRecipient = value.recipient !== undefined
      const hasCounterparty = value.counterpartyId !== undefined
      if (hasRecipient !== hasCounterparty || (!required && !hasRecipient)) return
      ctx.addIssue({
        code: 'custom',
        message: 'give either recipient or counterpartyId',
        path: [hasRecipient ? 'counterpartyId' : 'recipient'],
        input: undefined,
      })
      // Also when other fields are wrong: a 400 names every problem of the body at once.
    },
    {when: () => true},
  )

/** v2 `POST /payouts` (spec 4.5; fields beyond `andThen` are DESIGN.md's reading). */
export const createPayoutV2Body = body({...payoutFields, andThen: z.optional(andThen)}).check(
  amountFitsCurrency('amount'),
  oneRecipient(true),
)
export type CreatePayoutV2 = z.input<typeof createPayoutV2Body>

/** v2 `POST /payouts/batch`: up to 100 create bodies, all or nothing. */
export const MAX_BATCH_ITEMS = 100
export const createPayoutsV2BatchBody = body({
  items: z
    .array(createPayoutV2Body)
    .check(
      z.minLength(1, 'must have at least 1 item'),
      z.maxLength(MAX_BATCH_ITEMS, `must have at most ${MAX_BATCH_ITEMS} items`),
    ),
})
export type CreatePayoutsV2Batch = z.input<typeof createPayoutsV2BatchBody>

/** v2 `PATCH /payouts/{id}`: omitted fields unchanged, `recipient` (or `counterpartyId`) replaced whole. */
export const patchPayoutV2Body = body({
  customId: z.optional(customId),
  description: z.optional(freeText(1000)),
  amount: z.optional(amount),
  currency: z.optional(currency),
  recipient: z.optional(recipientV2),
  counterpartyId: z.optional(prefixedId('counterparty_')),
  tags: z.optional(tags),
}).check(amountFitsCurrency('amount'), oneRecipient(false))
export type PatchPayoutV2 = z.input<typeof patchPayoutV2Body>

/** v2 `POST /payouts/{id}/approve`: an optional body with `andThen`. */
export const approvePayoutV2Body = z.optional(body({andThen: z.optional(andThen)}))
export type ApprovePayoutV2 = NonNullable<z.input<typeof approvePayoutV2Body>>

/** v2 `POST /payouts/approve`: up to 100 ids, `andThen` optional. */
export const approvePayoutsV2Body = body({ids: batchIds, andThen: z.optional(andThen)})
export type ApprovePayoutsV2 = z.input<typeof approvePayoutsV2Body>

/** v2 `POST /payouts/pay`: up to 100 ids. */
export const payPayoutsV2Body = body({ids: batchIds})
export type PayPayoutsV2 = z.input<typeof payPayoutsV2Body>

/** v2 `POST /payouts/send-claim-link`: up to 100 ids; every payout is checked before the first e-mail. */
export const sendClaimLinksV2Body = body({ids: batchIds})
export type SendClaimLinksV2 = z.input<typeof sendClaimLinksV2Body>

/** v2 `GET /payouts` query: cursor pages, statuses repeatable. */
export const listPayoutsV2Query = z.object({
  limit: z.optional(integerIn(1, 100)),
  cursor: z.optional(z.string()),
  status: z.optional(z.array(z.string())),
})
export type ListPayoutsV2 = z.input<typeof listPayoutsV2Query>
