import {stateAfter, statesFrom} from '../../contract/lifecycle.js'

/** Payout states as an SQL list of string literals, made from the contract's lifecycle. */
const sqlStates = (states: readonly string[]): string => states.map(state => `'${state}'`).join(', ')

/** The payouts that may still expire (the lifecycle's `expire` sources): the partial index and its query agree. */
export const OPEN_STATES_SQL = sqlStates(statesFrom('expire'))

/** Deleted payouts, which v2 lists leave out. */
export const DELETED_SQL = sqlStates([stateAfter('delete')])
