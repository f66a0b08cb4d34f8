import {BaseCommand} from '../../cli/base-command.js'
import {
  checkImportFlags,
  importFileArgs,
  importFlags,
  importRunOptions,
  payoutKindOptions,
} from '../../cli/flags/import-flags.js'
import type {Answer} from '../../cli/shown.js'

export default class PayoutsImport extends BaseCommand<typeof PayoutsImport, 'importSummary'> {
  static override summary = 'Import payouts from a CSV file, in chunks of 100, resumable, never a duplicate.'
  static override description =
    `The whole file is validated first; if any row is invalid nothing is sent (exit 6), unless --skip-invalid sends the valid rows (exit 8). --dry-run also checks currencies and balances with the service (--offline skips that) and says what running the import now would send, compared with its earlier import. Rows are then sent in chunks of 100 (v2: one batch call each, all-or-nothing; v1: one upsert per row), --concurrency chunks at a time.

A row's identity is its customId, or one derived from its values (not from the file's bytes), so a re-saved file creates nothing new. A journal in the data directory records the imported rows per file name and profile: run the same command again after a crash, Ctrl-C (exit 130) or exit 7 and it resumes; after editing the file, unchanged rows are skipped, changed ones updated while their payout is created, and rows whose payout moved on are reported as conflicts (exit 5). A row with an id column (as payctl's CSV exports write) is compared with that payout, never duplicated. An edited file without customIds is refused (exit 5): add a customId column, or import it as a new set with --batch NAME. With another --and-then, the file's earlier payouts get it.

--wait then follows the rows until they are final (paid, link sent, or approved, per --and-then), lists those that failed with their reasons (exit 8; without --wait, payments the service declines at once are failed rows too) or stops at --timeout (exit 7). See every row's payout any time later with payctl payouts import-status FILE (--retry-failed pays failed counterparty payouts again and sends failed e-mail and phone payees a fresh claim link).

Columns, aliases and examples: docs/import.md. Exit codes: 0 all done, 5 conflicts, 6 invalid file (nothing sent), 7 service unavailable (resumable), 8 some rows failed or were skipped, 130 interrupted (resumable).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payouts.csv --dry-run',
    '<%= config.bin %> <%= command.id %> payouts.csv --report result.csv',
    '<%= config.bin %> <%= command.id %> payouts.csv --and-then pay --yes',
    '<%= config.bin %> <%= command.id %> payouts.csv --and-then pay --wait --timeout 10m',
    '<%= config.bin %> <%= command.id %>-status payouts.csv --output csv > status.csv',
    '<%= config.bin %> <%= command.id %> export.csv --encoding windows-1252 --decimal-comma',
    'cat payouts.csv | <%= config.bin %> <%= command.id %> - --json',
  ]

  static override args = importFileArgs

  static override flags = importFlags

  async run(): Promise<Answer<'importSummary'>> {
    const {flags} = this
    checkImportFlags(flags)
    const [{watchedImport}, view, {payoutKind}, {checkFileOptions}, {confirmMoneyMovement}] = await Promise.all([
      import('../../operations/import/import-run.js'),
      import('../../cli/output/import-session-view.js'),
      import('../../services/import/session/payout-kind.js'),
      import('../../services/import/read/file-options.js'),
      import('../../cli/confirm.js'),
    ])
    const rows = {
      file: this.args.file,
      api: flags.api,
      encoding: flags.encoding,
      batch: flags.batch,
      delimiter: await checkFileOptions(flags.encoding, flags.delimiter),
      decimalComma: flags['decimal-comma'],
      dataDir: this.config.dataDir,
    }
    const result = await watchedImport(payoutKind(payoutKindOptions(flags)), {
      ...rows,
      view: new view.SessionRenderer(this.out),
      notices: this.out,
      ...importRunOptions(flags),
      profile: () => this.session.profile(),
      client: () => this.session.client(),
      confirm: (summary, environment) => confirmMoneyMovement({environment, yes: flags.yes, summary, out: this.out}),
      holdRows: flags.wait,
    })
    return view.shownImport(result, {
      title: flags.api,
      dryRun: flags['dry-run'],
      continuesAfter: outcome => flags.wait && outcome.code === 'PAYMENTS_FAILED',
      after: async result => {
        if (!flags.wait || result.kind !== 'import') return
        const {waitForImportedRows} = await import('../../operations/import-status/import-status-run.js')
        const imported = {...rows, andThen: flags['and-then'], report: this.out, sent: result}
        await waitForImportedRows({...imported, client: await this.session.client()}, flags.timeout)
      },
    })
  }
}
