/**
 * How people see a payout id: always `payout_<UUID>`, whichever generation answered, so that a table, a CSV
 * or TSV export and `--quiet` never show one payout in two forms. JSON documents keep the form of the
 * generation that answered (v1: the UUID; v2: `payout_<UUID>`). Every command accepts both forms.
 */
export function payoutDisplayId(id: string): string {
  return id.startsWith('payout_') ? id : `payout_${id}`
}
