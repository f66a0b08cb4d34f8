import * as Args from '@oclif/core/args'
import {BaseCommand} from '../../cli/base-command.js'
import {importStatusFlags} from '../../cli/flags/import-status-flags.js'
import type {Answer} from '../../cli/shown.js'
import {V2_STATES} from '../../contract/lifecycle.js'

export default class PayoutsImportStatus extends BaseCommand<typeof PayoutsImportStatus> {
  static override result = 'importStatusRows' as const
  static override summary = 'Show every row of an imported CSV file with its payout: status, failure, timestamps.'
  static override description =
    `Reads the file as payctl payouts import does (the same row identities: give the same --batch, --encoding, --delimiter and --decimal-comma; the API generation and follow-up step come from the import's journal), reads each row's payout (by customId, --concurrency requests at a time, rate limits honoured) and prints one line per row: line, customId, payout id, amount, status, failure code and reason, timestamps; then a summary per status with totals per currency. Memory stays flat whatever the file's size.

Statuses are the payout's (${V2_STATES.join(', ')}), or not-imported (no payout has the row's customId), invalid (the import leaves the row out) or awaiting-claim (failed, and its e-mail or phone payee has a fresh claim link: it waits on them).

--output csv writes every field, with the input columns named as payouts import reads them: filter it and import it again. --wait first waits until the rows are final for the import's step (--and-then pay: paid; send-claim-link: link out; otherwise approved; --until overrides). --retry-failed first moves each failed row forward by what its recipient needs: a counterparty payout is paid again (to the counterparty's current payment method; needs payouts:approve; a confirmation on production), an e-mail or phone payee gets a fresh claim link to choose another method. Each kind is sent on its own (one refused never keeps the other from going out), in calls of 100 with idempotency keys; Ctrl-C stops after the call in flight and says where.

Exit codes: 0 every row went through, is on its way or waits on its payee; 8 some rows failed, expired, were deleted, never imported or are invalid (listed on stderr with their reasons); 7 --wait timed out; 6 the file cannot be read; 130 interrupted.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payouts.csv',
    '<%= config.bin %> <%= command.id %> payouts.csv --wait --timeout 10m',
    '<%= config.bin %> <%= command.id %> payouts.csv --output csv > status.csv',
    '<%= config.bin %> <%= command.id %> payouts.csv --retry-failed --wait --yes',
  ]

  static override args = {
    file: Args.string({required: true, description: 'The CSV file that was imported.'}),
  }

  static override flags = importStatusFlags

  async run(): Promise<Answer<typeof PayoutsImportStatus.result>> {
    const f = this.flags
    const [{importStatusStream}, {checkFileOptions}, {confirmMoneyMovement}] = await Promise.all([
      import('../../cli/workflows/run-import-status.js'),
      import('../../services/import/read/file-options.js'),
      import('../../cli/confirm.js'),
    ])
    const delimiter = await checkFileOptions(f.encoding, f.delimiter)
    const profile = await this.profile()
    return importStatusStream({
      file: this.args.file,
      api: f.api,
      encoding: f.encoding,
      delimiter,
      decimalComma: f['decimal-comma'],
      batch: f.batch,
      dataDir: this.config.dataDir,
      profile,
      client: await this.client(),
      out: this.out,
      format: f.output,
      concurrency: f.concurrency,
      wait: f.wait ? {timeoutMs: f.timeout, goal: f.until} : undefined,
      retryFailed: f['retry-failed'],
      confirm: summary => confirmMoneyMovement({environment: profile.environment, yes: f.yes, summary, out: this.out}),
    })
  }
}
