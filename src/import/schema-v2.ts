import type {CreatePayoutV2} from '../client/v2/payouts.js'
import {type Cells, RowCheck, type RowResult, type RowSchema, type SchemaOptions} from './schema.js'

/**
 * The v2 row (the default format): one payout per row, sent through the batch create endpoint. The
 * recipient is exactly one of recipientEmail, recipientPhone or counterpartyId.
 */

const COUNTERPARTY_ID = /^counterparty_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const RECIPIENTS = ['recipientEmail', 'recipientPhone', 'counterpartyId'] as const

export const v2Schema: RowSchema<CreatePayoutV2> = {
  api: 'v2',
  columns: [
    {name: 'customId', aliases: ['externalId', 'reference']},
    {name: 'description', aliases: ['memo'], required: true},
    {name: 'amount', aliases: ['payoutAmount'], required: true},
    {name: 'currency', aliases: ['currencyCode'], required: true},
    {name: 'recipientEmail', aliases: ['email', 'emailAddress']},
    {name: 'recipientPhone', aliases: ['phone', 'phoneNumber', 'mobile']},
    {name: 'counterpartyId', aliases: ['counterparty']},
    {name: 'tags', aliases: ['tag']},
  ],
  foreign: {
    names: ['creatorHandle', 'verificationMethod', 'handleType', 'payoutType', 'preApproved', 'notifications'],
    hint: 'for the v1 format pass --api v1',
  },

  parse(cells: Cells, options: SchemaOptions): RowResult<CreatePayoutV2> {
    const check = new RowCheck(cells)
    const customId = cells.get('customId')
    const description = check.required('description')
    const currency = check.currency('currency')
    const amount = check.amount('amount', currency, options.decimalComma)
    const tags = check.tags('tags')
    const given = RECIPIENTS.filter(name => cells.get(name) !== undefined)
    let recipient: Pick<CreatePayoutV2, 'recipient' | 'counterpartyId'> = {}
    if (given.length === 0) {
      check.fail('recipientEmail', 'no recipient: give one of recipientEmail, recipientPhone or counterpartyId')
    } else if (given.length > 1) {
      check.fail(given[1], `give only one recipient, not both ${given.join(' and ')}`)
    } else if (given[0] === 'recipientEmail') {
      const email = check.email('recipientEmail')
      if (email) recipient = {recipient: {type: 'email', email}}
    } else if (given[0] === 'recipientPhone') {
      const phone = check.phone('recipientPhone')
      if (phone) recipient = {recipient: {type: 'phone', phone}}
    } else {
      const id = cells.get('counterpartyId')!
      if (COUNTERPARTY_ID.test(id)) recipient = {counterpartyId: id}
      else check.fail('counterpartyId', `"${id}" is not a counterparty id (counterparty_<uuid>)`)
    }
    if (check.errors.length) return {errors: check.errors}
    const item: CreatePayoutV2 = {
      ...(customId ? {customId} : {}),
      description: description!,
      amount: amount!,
      currency: currency!,
      ...recipient,
      ...(tags ? {tags} : {}),
      ...(options.andThen ? {andThen: options.andThen} : {}),
    }
    return {row: {item, customId, amount: amount!, currency: currency!, movesMoney: options.andThen === 'pay'}}
  },

  withCustomId: (item, customId) => ({customId, ...item}),
}
