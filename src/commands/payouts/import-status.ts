import {commandOf} from '../../cli/command-of.js'
import {outputFlag, yesFlag} from '../../cli/flags/common-flags.js'
import {V2_STATES} from '../../contract/lifecycle.js'
import {payoutsImportStatus} from '../../operations/import-status/payouts-import-status.js'

export default commandOf(payoutsImportStatus, {
  result: 'importStatusRows',
  description: `Reads the file as payctl payouts import does (the same row identities: give the same --batch, --encoding, --delimiter and --decimal-comma; the API generation and follow-up step come from the import's journal), reads each row's payout (by customId, --concurrency requests at a time, rate limits honoured) and prints one line per row: line, customId, payout id, amount, status, failure code and reason, timestamps; then a summary per status with totals per currency. Memory stays flat whatever the file's size.

Statuses are the payout's (${V2_STATES.join(', ')}), or not-imported (no payout has the row's customId), invalid (the import leaves the row out) or awaiting-claim (failed, and its e-mail or phone payee has a fresh claim link: it waits on them).

--output csv writes every field, with the input columns named as payouts import reads them: filter it and import it again. --wait first waits until the rows are final for the import's step (--and-then pay: paid; send-claim-link: link out; otherwise approved; --until overrides). --retry-failed first moves each failed row forward by what its recipient needs: a counterparty payout is paid again (to the counterparty's current payment method; needs payouts:approve; a confirmation on production), an e-mail or phone payee gets a fresh claim link to choose another method. Each kind is sent on its own (one refused never keeps the other from going out), in calls of 100 with idempotency keys; Ctrl-C stops after the call in flight and says where.

Exit codes: 0 every row went through, is on its way or waits on its payee; 8 some rows failed, expired, were deleted, never imported or are invalid (listed on stderr with their reasons); 7 --wait timed out; 6 the file cannot be read; 130 interrupted.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payouts.csv',
    '<%= config.bin %> <%= command.id %> payouts.csv --wait --timeout 10m',
    '<%= config.bin %> <%= command.id %> payouts.csv --output csv > status.csv',
    '<%= config.bin %> <%= command.id %> payouts.csv --retry-failed --wait --yes',
  ],
  flags: {output: outputFlag, yes: yesFlag},
  view: () => Promise.all([import('../../cli/output/item-stream.js'), import('../../cli/output/import-status.js')]),
  show: (rows, [{listed}, {importStatusColumns}], {flags}) =>
    listed(rows, {columns: importStatusColumns(rows.api), format: flags.output}),
})
