import {createPayoutV1Body} from './requests/payout-v1-requests.js'
import {createPayoutV2Body, patchPayoutV2Body} from './requests/payout-v2-requests.js'

/**
 * The request schemas whose validators `npm run build` generates as code (scripts/request-validators.js writes
 * generated/request-validators.ts): the bodies the CSV import checks row by row, so that a big file's check loads
 * no Ajv and compiles nothing. Each name is the generated validator's export.
 */
export const GENERATED_VALIDATOR_SCHEMAS = {createPayoutV2Body, patchPayoutV2Body, createPayoutV1Body}
