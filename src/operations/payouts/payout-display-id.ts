import {hasPayoutPrefix, v2PayoutIdOf} from '../../contract/ids.js'
/**
 * How payctl shows a payout id: always `payout_<UUID>`, whichever generation answered, so that a table, a CSV
 * or TSV export, `--quiet`, `--template '{{.id}}'` and JSON never show one payout in two forms (a v1 document
 * gets its `id` in this form, its other fields as v1 has them). Every command accepts both forms.
 */
export function payoutDisplayId(id: string): string {
  return hasPayoutPrefix(id) ? id : v2PayoutIdOf(id)
}

/** A v1 payout document as payctl prints it: the same fields, the id in the one form. */
export const withPayoutId = <T extends {id: string}>(payout: T): T => ({...payout, id: payoutDisplayId(payout.id)})
