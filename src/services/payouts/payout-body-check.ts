import {OPEN_REQUEST_FIELDS} from '../../contract/open-enums.js'
import {checkRequest} from '../../contract/request-problems.js'
import {createPayoutV1Body} from '../../contract/requests/payout-v1-requests.js'
import {createPayoutV2Body, patchPayoutV2Body} from '../../contract/requests/payout-v2-requests.js'
import {usageError} from '../../shared/errors.js'

/** The flag that gives each body field of `payouts create` and `payouts update` (the first part of its path). */
const CREATE_FLAGS: Record<string, string> = {
  description: '--description',
  amount: '--amount',
  payoutAmount: '--amount',
  currency: '--currency',
  customId: '--custom-id',
  tags: '--tag',
  recipient: '--email/--phone',
  email: '--email',
  phone: '--phone',
  counterpartyId: '--counterparty',
  creatorHandle: '--creator-handle',
  verificationMethod: '--verification-method',
  payoutType: '--payout-type',
  notifications: '--notifications',
  andThen: '--and-then',
}
const UPDATE_FLAGS: Record<string, string> = {...CREATE_FLAGS, customId: '--set-custom-id'}

const SCHEMAS = {v1: createPayoutV1Body, v2: createPayoutV2Body, patch: patchPayoutV2Body}

/**
 * The body a command is about to send, checked with the contract's request schema (what the service refuses for
 * its shape, in the service's words), each problem named by the flag that gave the field; nothing is sent. Open
 * enumerations are left to the service.
 */
export function checkPayoutBody(kind: keyof typeof SCHEMAS, body: unknown): void {
  const checked = checkRequest(SCHEMAS[kind], body)
  if (checked.ok) return
  const flags = kind === 'patch' ? UPDATE_FLAGS : CREATE_FLAGS
  // An open enumeration's value is the service's to judge (spec 9): it is sent as written.
  const named = checked.details
    .filter(({path}) => !OPEN_REQUEST_FIELDS.has(path.split('.')[0]))
    .map(({path, message}) => {
      const field = path.split('.')[0]
      return `${flags[field] ?? field}: ${message}`
    })
  if (named.length) throw usageError([...new Set(named)].join('; '))
}
