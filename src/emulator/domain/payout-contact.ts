import {EMAIL} from '../../contract/primitives.js'
import type {PayoutRow} from '../store/row-types.js'
import type {CounterpartyRegistry} from './counterparty-registry.js'

/** Where a claim link goes: the recipient's e-mail or phone, an e-mail handle, or the counterparty's e-mail. */
export function contactOf(row: PayoutRow, counterparties: Pick<CounterpartyRegistry, 'emailOf'>): string | undefined {
  if (row.email) return row.email
  if (row.phone) return row.phone
  if (row.creator_handle && EMAIL.test(row.creator_handle)) return row.creator_handle
  if (row.counterparty_uuid) return counterparties.emailOf(row.team_id, row.counterparty_uuid)
  return undefined
}
