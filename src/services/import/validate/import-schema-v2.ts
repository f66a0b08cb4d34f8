import type {CreatePayoutV2} from '../../../client/v2/payouts-v2.js'
import {createPayoutV2Body, patchPayoutV2Body} from '../../../contract/requests/payout-v2-requests.js'
import {canonicalAmount} from '../../../shared/money.js'
import {
  type Cells,
  contractCheck,
  type RowCheck,
  type RowResult,
  type RowSchema,
  type SchemaOptions,
} from './import-schema.js'
import {payoutColumns, payoutRowHead, validPayoutRow} from './payout-row.js'

/**
 * The v2 row (the default format): one payout per row, sent through the batch create endpoint. The
 * recipient is exactly one of recipientEmail, recipientPhone, counterpartyId or counterpartyCustomId (the
 * counterparty's own customId, looked up before anything is sent: counterparty-refs.ts).
 */

const RECIPIENTS = ['recipientEmail', 'recipientPhone', 'counterpartyId', 'counterpartyCustomId'] as const

/** A row naming its counterparty by customId: the body carries it until the lookup puts the id in its place. */
export type PayoutRowV2 = CreatePayoutV2 & {counterpartyCustomId?: string}

/** The row's one recipient (a row naming its payout by id may give none: the payout keeps its own). */
function recipientOf(cells: Cells, check: RowCheck, byId: boolean) {
  // Each recipient cell is read once (this runs for every row of files with millions).
  const email = cells.get('recipientEmail')
  const phone = cells.get('recipientPhone')
  const counterpartyId = cells.get('counterpartyId')
  const counterpartyCustomId = cells.get('counterpartyCustomId')
  const given =
    (email === undefined ? 0 : 1) +
    (phone === undefined ? 0 : 1) +
    (counterpartyId === undefined ? 0 : 1) +
    (counterpartyCustomId === undefined ? 0 : 1)
  if (given === 0) {
    if (!byId)
      check.fail(
        'recipientEmail',
        'no recipient: give one of recipientEmail, recipientPhone, counterpartyId or counterpartyCustomId',
      )
    return {}
  }
  if (given > 1) {
    const names = RECIPIENTS.filter(name => cells.get(name) !== undefined)
    check.fail(names[1], `give only one recipient, not both ${names.join(' and ')}`)
    return {}
  }
  return {
    email: check.email('recipientEmail', email),
    phone: check.phone('recipientPhone', phone),
    counterpartyId,
    counterpartyCustomId,
  }
}

/** The column a problem of the request body comes from (`recipient.email` → recipientEmail, `tags.3` → tags). */
const COLUMN_OF: Record<string, string> = {
  'recipient.email': 'recipientEmail',
  'recipient.phone': 'recipientPhone',
  recipient: 'recipientEmail',
}

/** The column of a problem of the row's v2 body; a counterparty named by customId gets its id from the lookup. */
const v2ColumnOf = (item: PayoutRowV2) => (path: string) =>
  path === 'recipient' && item.counterpartyCustomId !== undefined ? undefined : (COLUMN_OF[path] ?? path.split('.')[0])

export const v2Schema: RowSchema<PayoutRowV2> = {
  api: 'v2',
  columns: payoutColumns('amount', 'payoutAmount', [
    {name: 'recipientEmail', aliases: ['email', 'emailAddress']},
    {name: 'recipientPhone', aliases: ['phone', 'phoneNumber', 'mobile']},
    {name: 'counterpartyId', aliases: ['counterparty']},
    {name: 'counterpartyCustomId'},
    {name: 'tags', aliases: ['tag']},
  ]),
  foreign: {
    names: ['creatorHandle', 'verificationMethod', 'handleType', 'payoutType', 'preApproved', 'notifications'],
    hint: 'for the v1 format pass --api v1',
  },

  bodies: [createPayoutV2Body, patchPayoutV2Body],

  parse(cells: Cells, options: SchemaOptions, build: boolean): RowResult<PayoutRowV2> {
    // A row naming its payout by id may leave values out: the payout keeps them.
    const head = payoutRowHead(cells, options, 'amount')
    const {check, customId, byId, description, amount, currency} = head
    const {email, phone, counterpartyId, counterpartyCustomId} = recipientOf(cells, check, byId)
    if (check.errors) return {errors: check.errors}
    // Built by assignment: object spreads cost microseconds a row, and a file can have millions.
    const item = {description, amount, currency} as PayoutRowV2
    if (customId) item.customId = customId
    if (email) item.recipient = {type: 'email', email}
    else if (phone) item.recipient = {type: 'phone', phone}
    else if (counterpartyCustomId) item.counterpartyCustomId = counterpartyCustomId
    else if (counterpartyId) item.counterpartyId = counterpartyId
    const tags = check.tags('tags')
    // An id row's empty tags cell says "no tags"; without the column it says nothing.
    if (tags || (byId && cells.has('tags'))) item.tags = tags ?? []
    if (options.andThen) item.andThen = options.andThen
    // The body is checked as the service will check it (a new payout's create, an id row's update): the dry run
    // refuses what the contract refuses.
    contractCheck(byId ? patchPayoutV2Body : createPayoutV2Body, item, check, v2ColumnOf(item))
    if (check.errors) return {errors: check.errors}
    if (amount !== undefined && currency !== undefined) item.amount = canonicalAmount(amount, currency)
    // Any --and-then approves the payout first (a new one, or one imported earlier without it), which reserves the money.
    return validPayoutRow(head, item, item.amount, options.andThen !== undefined, build)
  },

  withCustomId: (item, customId) => Object.assign({customId}, item),
}
