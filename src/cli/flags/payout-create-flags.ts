import * as Flags from '@oclif/core/flags'
import type * as Interfaces from '@oclif/core/interfaces'
import {
  allowConfusableFlag,
  amountFlag,
  andThenFlag,
  currencyFlag,
  emailFlag,
  freeTextFlag,
  generationFlag,
  idempotencyKeyFlag,
  phoneFlag,
  waitFlag,
  waitTimeoutOfWaitFlag,
  yesFlag,
} from '../../cli/flags/common-flags.js'
import {KNOWN_NOTIFICATIONS, KNOWN_PAYOUT_TYPES} from '../../contract/open-enums.js'
import type {CreateInput} from '../../services/payouts/payout-plans.js'

/** The flags of `payouts create`: the payout's fields (v2, and the v1-only ones), its follow-up step, --wait. */
export const createFlags = {
  amount: amountFlag({summary: 'Amount as a decimal string, e.g. 120.00.', required: true}),
  currency: currencyFlag({summary: 'Currency code, e.g. EUR.', required: true}),
  description: freeTextFlag({summary: 'What the payout is for (shown to the recipient).', required: true}),
  'custom-id': Flags.string({summary: 'Your own unique key for the payout (v1: creating again updates it).'}),
  tag: Flags.string({summary: 'A tag (repeatable).', multiple: true, multipleNonGreedy: true}),
  email: emailFlag({summary: 'Recipient e-mail address.'}),
  phone: phoneFlag({summary: 'Recipient phone number, international format (+4915112345678).'}),
  counterparty: Flags.string({summary: 'Pay a saved counterparty (counterparty_<UUID>).'}),
  'allow-confusable': allowConfusableFlag,
  'and-then': andThenFlag,
  'idempotency-key': idempotencyKeyFlag,
  wait: {...waitFlag, dependsOn: ['and-then']},
  timeout: waitTimeoutOfWaitFlag,
  'creator-handle': Flags.string({
    summary: 'v1 recipient: a social handle (@name), an e-mail address or a wallet address.',
    helpGroup: 'V1',
  }),
  'verification-method': Flags.string({
    summary: 'v1: how the recipient is verified, e.g. youtube-channel.',
    helpGroup: 'V1',
  }),
  'payout-type': Flags.string({
    summary: `v1: ${KNOWN_PAYOUT_TYPES.join(', ')} or another type the service takes; manual-immutable payouts cannot change amount, currency or recipient later.`,
    helpGroup: 'V1',
  }),
  notifications: Flags.string({
    summary: `v1: whether the recipient is notified: ${KNOWN_NOTIFICATIONS.join(', ')} (or another value the service takes).`,
    helpGroup: 'V1',
  }),
  'pre-approved': Flags.boolean({
    summary: 'v1: create it approved (moves money; needs payouts:approve and enough balance).',
    helpGroup: 'V1',
  }),
  api: generationFlag('Force the API generation (default: v1 when a v1 flag is given, v2 otherwise).'),
  yes: yesFlag,
}

/** The payout `payouts create` was given, from its flags. */
export const createInputOf = (f: Interfaces.InferredFlags<typeof createFlags>): CreateInput => ({
  api: f.api,
  amount: f.amount,
  currency: f.currency,
  description: f.description,
  customId: f['custom-id'],
  tags: f.tag,
  email: f.email,
  phone: f.phone,
  counterparty: f.counterparty,
  andThen: f['and-then'],
  idempotencyKey: f['idempotency-key'],
  creatorHandle: f['creator-handle'],
  verificationMethod: f['verification-method'],
  payoutType: f['payout-type'],
  preApproved: f['pre-approved'],
  notifications: f.notifications,
  allowConfusable: f['allow-confusable'],
})
