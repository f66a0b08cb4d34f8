/**
 * Response schemas for every resource of the spec (section 2), in zod's "mini" form (functions instead of
 * methods), so that the bundle keeps only the parts of zod the client uses. They are loose on purpose (spec section 9):
 * unknown fields are kept, enum-like fields accept any string, and only identifiers are required. One module per
 * resource (responses/), so that code on the way of one call builds only the schemas it reads; this module is all
 * of them.
 */

export {type ListEnvelope, listOf} from './responses/answer-fields.js'
export * from './responses/counterparty-answers.js'
export * from './responses/payout-answers.js'
export * from './responses/reference-answers.js'
export * from './responses/session-answers.js'
export * from './responses/team-answers.js'
export * from './responses/transaction-answers.js'
export * from './responses/webhook-answers.js'
