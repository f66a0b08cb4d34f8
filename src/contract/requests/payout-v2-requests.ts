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
  nested,
  phone,
  prefixedId,
  tags,
} from './request-fields.js'

export {AND_THEN, type AndThen} from '../primitives.js'

const andThen = choice(AND_THEN)

export const RECIPIENT_TYPES = ['email', 'phone'] as const

const RECIPIENT_TYPE_RULE = `must be one of ${RECIPIENT_TYPES.join(', ')}`

const emailRecipientV2 = nested({type: z.literal('email', RECIPIENT_TYPE_RULE), email, phone: z.optional(phone)})
const phoneRecipientV2 = nested({type: z.literal('phone', RECIPIENT_TYPE_RULE), phone, email: z.optional(email)})

/** A v2 recipient: an e-mail or a phone, named by `type` (the document's `oneOf` with a discriminator on `type`). */
export const recipientV2 = z.xor([emailRecipientV2, phoneRecipientV2])

/** The recipient's schemas by the names the document gives them, so that its discriminator can map `type` to each. */
export const RECIPIENT_SCHEMAS = {
  RecipientV2: recipientV2,
  EmailRecipientV2: emailRecipientV2,
  PhoneRecipientV2: phoneRecipientV2,
}

const payoutFields = {
  customId: z.optional(customId),
  description: freeText(1000),
  amount,
  currency,
  tags: z.optional(tags),
}

const EITHER = 'give either recipient or counterpartyId'
/** A field that must be absent: the other of the two ways to name the recipient is given. */
const absent = z.optional(z.never({error: EITHER}))
const toRecipient = {recipient: recipientV2, counterpartyId: absent}
const toCounterparty = {counterpartyId: prefixedId('counterparty_'), recipient: absent}

/**
 * Exactly one of `recipient` and `counterpartyId` (the document's `oneOf`); `patch` also allows neither. A body
 * that fits no branch is reported by the branch it is closest to (request-problems.ts).
 */
function eitherRecipient<Shape extends z.core.$ZodLooseShape>(shape: Shape, patch = false) {
  const branches = [
    body({...shape, ...toRecipient}),
    body({...shape, ...toCounterparty}),
    ...(patch ? [body({...shape, recipient: absent, counterpartyId: absent})] : []),
  ] as const
  return z.xor(branches)
}

/** v2 `POST /payouts` (spec 4.5; fields beyond `andThen` are DESIGN.md's reading). */
export const createPayoutV2Body = eitherRecipient({...payoutFields, andThen: z.optional(andThen)}).check(
  amountFitsCurrency('amount'),
)
/** The recipient as a caller builds a body: one of the two fields (the schema refuses both or neither). */
type Recipient = {recipient?: z.input<typeof recipientV2>; counterpartyId?: string}
type Either = 'recipient' | 'counterpartyId'
export type CreatePayoutV2 = Omit<z.input<typeof createPayoutV2Body>, Either> & Recipient

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
export const patchPayoutV2Body = eitherRecipient(
  {
    customId: z.optional(customId),
    description: z.optional(freeText(1000)),
    amount: z.optional(amount),
    currency: z.optional(currency),
    tags: z.optional(tags),
  },
  true,
).check(amountFitsCurrency('amount'))
export type PatchPayoutV2 = Omit<z.input<typeof patchPayoutV2Body>, Either> & Recipient

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
