import {BaseCommand} from '../../cli/base-command.js'
import {counterpartyImportFlags, importFileArgs, importRunOptions} from '../../cli/flags/import-flags.js'
import type {Answer} from '../../cli/shown.js'

export default class CounterpartiesImport extends BaseCommand<typeof CounterpartiesImport, 'importSummary'> {
  static override summary = 'Import counterparties from a CSV file: resumable, never a duplicate.'
  static override description =
    `The columns are the flags of "counterparties create" (first-name, last-name, line1, city, postal-code, country, payment-method, iban, tax-id, custom-id, …), matched ignoring case, spaces, "_" and "-". The whole file is validated first (exit 6 and nothing sent when a row is invalid, unless --skip-invalid), then every row is checked against the countries and tax rules of GET /countries and the payment methods of GET /payment-method-types (exit 6, nothing sent, when the service would refuse one); --dry-run stops there.

A row's identity is its customId, or one derived from its values (sent as the counterparty's customId). A journal per file name and profile records the imported rows: run the same command again after a crash, Ctrl-C (exit 130) or exit 7 and it resumes; after an edit, changed rows update their counterparty. An edited file without customIds is refused (exit 5), as in the payout import. A payout file can then name each counterparty by its customId (column counterpartyCustomId).

Columns and examples: docs/import.md, "Counterparties". Exit codes: 0 all done, 5 refused edit, 6 invalid file (nothing sent), 7 service unavailable (resumable), 8 some rows failed or were skipped, 130 interrupted (resumable).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payees.csv --dry-run',
    '<%= config.bin %> <%= command.id %> payees.csv --report result.csv',
    'cat payees.csv | <%= config.bin %> <%= command.id %> - --json',
  ]

  static override args = importFileArgs

  static override flags = counterpartyImportFlags

  async run(): Promise<Answer<'importSummary'>> {
    const {flags} = this
    const [{watchedImport}, view, {counterpartyImportKind}, {checkFileOptions}] = await Promise.all([
      import('../../operations/import/import-run.js'),
      import('../../cli/output/import-session-view.js'),
      import('../../services/counterparties/counterparty-import-kind.js'),
      import('../../services/import/read/file-options.js'),
    ])
    const result = await watchedImport(counterpartyImportKind({allowConfusable: flags['allow-confusable']}), {
      file: this.args.file,
      view: new view.SessionRenderer(this.out),
      notices: this.out,
      ...importRunOptions(flags),
      encoding: flags.encoding,
      delimiter: await checkFileOptions(flags.encoding, flags.delimiter),
      batch: flags.batch,
      dataDir: this.config.dataDir,
      profile: () => this.session.profile(),
      client: () => this.session.client(),
      confirm: async () => undefined,
    })
    return view.shownImport(result, {title: 'counterparties', dryRun: flags['dry-run']})
  }
}
