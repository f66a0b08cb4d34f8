import type {CreatePayoutV2} from '../../client/v2/payouts-v2.js'
import {isId} from '../../contract/primitives.js'
import {type Cells, EXPORT_ONLY, RowCheck, type RowResult, type RowSchema, type SchemaOptions} from './import-schema.js'

/**
 * The v2 row (the default format): one payout per row, sent through the batch create endpoint. The
 * recipient is exactly one of recipientEmail, recipientPhone, counterpartyId or counterpartyCustomId (the
 * counterparty's own customId, looked up before anything is sent: counterparty-refs.ts).
 */

const RECIPIENTS = ['recipientEmail', 'recipientPhone', 'counterpartyId', 'counterpartyCustomId'] as const

/** A row naming its counterparty by customId: the body carries it until the lookup puts the id in its place. */
export type PayoutRowV2 = CreatePayoutV2 & {counterpartyCustomId?: string}

export const v2Schema: RowSchema<PayoutRowV2> = {
  api: 'v2',
  columns: [
    {name: 'customId', aliases: ['externalId', 'reference']},
    {name: 'description', aliases: ['memo'], required: true},
    {name: 'amount', aliases: ['payoutAmount'], required: true},
    {name: 'currency', aliases: ['currencyCode'], required: true},
    {name: 'recipientEmail', aliases: ['email', 'emailAddress']},
    {name: 'recipientPhone', aliases: ['phone', 'phoneNumber', 'mobile']},
    {name: 'counterpartyId', aliases: ['counterparty']},
    {name: 'counterpartyCustomId'},
    {name: 'tags', aliases: ['tag']},
    ...EXPORT_ONLY,
  ],
  foreign: {
    names: ['creatorHandle', 'verificationMethod', 'handleType', 'payoutType', 'preApproved', 'notifications'],
    hint: 'for the v1 format pass --api v1',
  },

  parse(cells: Cells, options: SchemaOptions, build: boolean): RowResult<PayoutRowV2> {
    const check = new RowCheck(cells)
    const customId = cells.get('customId')
    const description = check.required('description')
    const currency = check.currency('currency')
    const amount = check.amount('amount', currency, options.decimalComma)
    // Each recipient cell is read once (this runs for every row of files with millions).
    let email = cells.get('recipientEmail')
    let phone = cells.get('recipientPhone')
    const counterpartyId = cells.get('counterpartyId')
    const counterpartyCustomId = cells.get('counterpartyCustomId')
    const given =
      (email === undefined ? 0 : 1) +
      (phone === undefined ? 0 : 1) +
      (counterpartyId === undefined ? 0 : 1) +
      (counterpartyCustomId === undefined ? 0 : 1)
    if (given === 0) {
      check.fail(
        'recipientEmail',
        'no recipient: give one of recipientEmail, recipientPhone, counterpartyId or counterpartyCustomId',
      )
    } else if (given > 1) {
      const names = RECIPIENTS.filter(name => cells.get(name) !== undefined)
      check.fail(names[1], `give only one recipient, not both ${names.join(' and ')}`)
    } else {
      email = check.email('recipientEmail', email)
      phone = check.phone('recipientPhone', phone)
      if (counterpartyId !== undefined && !isId('counterparty_', counterpartyId))
        check.fail('counterpartyId', `"${counterpartyId}" is not a counterparty id (counterparty_<uuid>)`)
    }
    if (check.errors) return {errors: check.errors}
    // Any --and-then approves the payout first, which reserves the money.
    const movesMoney = options.andThen !== undefined
    if (!build) return {row: {customId, amount: amount!, currency: currency!, movesMoney}}
    // Built by assignment: object spreads cost microseconds a row, and a file can have millions.
    const item = {description, amount, currency} as PayoutRowV2
    if (customId) item.customId = customId
    if (email) item.recipient = {type: 'email', email}
    else if (phone) item.recipient = {type: 'phone', phone}
    else if (counterpartyCustomId) item.counterpartyCustomId = counterpartyCustomId
    else item.counterpartyId = counterpartyId
    const tags = check.tags('tags')
    if (tags) item.tags = tags
    if (options.andThen) item.andThen = options.andThen
    return {row: {item, customId, amount: amount!, currency: currency!, movesMoney}}
  },

  withCustomId: (item, customId) => Object.assign({customId}, item),
}
