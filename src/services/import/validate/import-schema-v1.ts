import type {CreatePayoutV1} from '../../../client/v1/payouts-v1.js'
import {KNOWN_NOTIFICATIONS, KNOWN_PAYOUT_TYPES, OPEN_REQUEST_FIELDS} from '../../../contract/open-enums.js'
import {createPayoutV1Body} from '../../../contract/requests/payout-v1-requests.js'
import {canonicalAmount} from '../../../shared/money.js'
import {type Cells, contractCheck, type RowResult, type RowSchema, type SchemaOptions} from './import-schema.js'
import {payoutColumns, payoutRowHead, validPayoutRow} from './payout-row.js'

/**
 * The v1 row (`--api v1`, spec 4.1 `POST /payout`): a recipient by social handle, e-mail or wallet address
 * (`creatorHandle`), pre-approved creation, immutable payouts. Each row is an upsert on customId.
 */

const openEnumsLeftToTheService = (path: string) => {
  const column = path.split('.')[0]
  return OPEN_REQUEST_FIELDS.has(column) ? undefined : column
}

/** The column of a problem of a value an id row states (a value it leaves out is the payout's, not required). */
const statedColumn = (item: CreatePayoutV1) => (path: string) => {
  const column = openEnumsLeftToTheService(path)
  return column !== undefined && (item as Record<string, unknown>)[column] !== undefined ? column : undefined
}

export const v1Schema: RowSchema<CreatePayoutV1> = {
  api: 'v1',
  columns: payoutColumns('payoutAmount', 'amount', [
    {name: 'creatorHandle', aliases: ['handle']},
    {name: 'verificationMethod', aliases: ['handleType']},
    {name: 'payoutType'},
    {name: 'preApproved', aliases: ['approved']},
    {name: 'email', aliases: ['recipientEmail', 'emailAddress']},
    {name: 'phone', aliases: ['recipientPhone', 'phoneNumber', 'mobile']},
    {name: 'tags', aliases: ['tag']},
    {name: 'notifications'},
  ]),
  foreign: {names: ['counterpartyId', 'counterparty'], hint: 'counterparties need the v2 format (drop --api v1)'},

  bodies: [createPayoutV1Body],

  parse(cells: Cells, options: SchemaOptions, build: boolean): RowResult<CreatePayoutV1> {
    // A row naming its payout by id may leave values out: the upsert keeps them.
    const head = payoutRowHead(cells, options, 'payoutAmount')
    const {check, customId, byId, description, amount, currency} = head
    const creatorHandle = cells.get('creatorHandle')
    if (creatorHandle?.includes('@')) check.lookAlike('creatorHandle', creatorHandle)
    const verificationMethod = cells.get('verificationMethod')
    const payoutType = check.openEnum('payoutType', KNOWN_PAYOUT_TYPES)
    const preApproved = check.boolean('preApproved')
    const email = check.email('email')
    const phone = check.phone('phone')
    const notifications = check.openEnum('notifications', KNOWN_NOTIFICATIONS)
    if (check.errors) return {errors: check.errors}
    const tags = check.tags('tags')
    // Built by assignment: object spreads cost microseconds a row, and a file can have millions.
    const item = {description, payoutAmount: amount, currency} as CreatePayoutV1
    if (customId) item.customId = customId
    if (creatorHandle) item.creatorHandle = creatorHandle
    if (verificationMethod) item.verificationMethod = verificationMethod
    if (payoutType) item.payoutType = payoutType
    if (preApproved !== undefined) item.preApproved = preApproved
    if (email) item.email = email
    if (phone) item.phone = phone
    if (tags) item.tags = tags
    if (notifications) item.notifications = notifications
    // The body is checked as the service will check it: the dry run refuses what the contract refuses, but for the
    // open enumerations, whose new values a service may add (spec 9): it decides on those. An id row's upsert keeps
    // what the row leaves out: only the values it states are checked.
    contractCheck(createPayoutV1Body, item, check, byId ? statedColumn(item) : openEnumsLeftToTheService)
    if (check.errors) return {errors: check.errors}
    if (amount !== undefined && currency !== undefined) item.payoutAmount = canonicalAmount(amount, currency)
    return validPayoutRow(head, item, item.payoutAmount, preApproved === true, build)
  },

  withCustomId: (item, customId) => Object.assign({customId}, item),
}
