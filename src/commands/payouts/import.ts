import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import type {MoneySummary} from '../../cli/confirm.js'
import {PayctlError, usageError} from '../../shared/errors.js'
import {apiFlag, waitFlag, waitTimeoutFlag, yesFlag} from '../../cli/flags/common-flags.js'
import type {Delimiter} from '../../services/import/sniff.js'

export default class PayoutsImport extends BaseCommand<typeof PayoutsImport> {
  static override summary = 'Import payouts from a CSV file, in chunks of 100, resumable, never a duplicate.'
  static override description =
    `The whole file is validated first; if any row is invalid nothing is sent (exit 6), unless --skip-invalid sends the valid rows (exit 8). --dry-run also checks currencies and balances with the service (--offline skips that). Rows are then sent in chunks of 100 (v2: one batch call each, all-or-nothing; v1: one upsert per row), --concurrency chunks at a time.

A row's identity is its customId, or one derived from its values (not from the file's bytes), so a re-saved file creates nothing new. A journal in the data directory records the imported rows per file name and profile: run the same command again after a crash, Ctrl-C (exit 130) or exit 7 and it resumes; after editing the file, unchanged rows are skipped, changed ones updated while their payout is created, and rows whose payout moved on are reported as conflicts (exit 5). An edited file without customIds is refused (exit 5): add a customId column, or import it as a new set with --batch NAME. With another --and-then, the file's earlier payouts get it.

--wait then follows the rows until they are final (paid, link sent, or approved, per --and-then), lists those that failed with their reasons (exit 8) or stops at --timeout (exit 7). See every row's payout any time later with payctl payouts import-status FILE (--retry-failed pays the failed ones again).

Columns, aliases and examples: docs/import.md. Exit codes: 0 all done, 5 conflicts, 6 invalid file (nothing sent), 7 service unavailable (resumable), 8 some rows failed or were skipped, 130 interrupted (resumable).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payouts.csv --dry-run',
    '<%= config.bin %> <%= command.id %> payouts.csv --report result.csv',
    '<%= config.bin %> <%= command.id %> payouts.csv --and-then pay --yes',
    '<%= config.bin %> <%= command.id %> payouts.csv --and-then pay --wait --timeout 10m',
    '<%= config.bin %> <%= command.id %>-status payouts.csv --output csv > status.csv',
    '<%= config.bin %> <%= command.id %> export.csv --encoding windows-1252 --decimal-comma',
    '<%= config.bin %> <%= command.id %> creators.csv --api v1',
    'cat payouts.csv | <%= config.bin %> <%= command.id %> - --json',
  ]

  static override args = {
    file: Args.string({required: true, description: 'CSV file to import, or - to read stdin.'}),
  }

  static override flags = {
    api: apiFlag('v2'),
    'dry-run': Flags.boolean({
      summary: 'Validate only: print the row count and the totals per currency, send nothing.',
    }),
    offline: Flags.boolean({
      summary: 'With --dry-run: do not check currencies and balances against the service.',
      dependsOn: ['dry-run'],
    }),
    'skip-invalid': Flags.boolean({
      summary: 'Send the valid rows even if some are invalid (they are reported; exit 8).',
    }),
    'and-then': Flags.option({
      options: ['send-claim-link', 'pay'] as const,
      summary: 'v2: after creating each payout, send its claim link or pay it (pay needs payouts:approve).',
    })(),
    concurrency: Flags.integer({summary: 'Chunks in flight at a time.', min: 1, max: 16, default: 4}),
    encoding: Flags.string({
      summary: 'Character encoding of the file (utf8, windows-1252, latin1, …); a byte-order mark wins.',
      default: 'utf8',
    }),
    delimiter: Flags.string({summary: 'Field delimiter: "," ";" or tab (default: detected from the first lines).'}),
    batch: Flags.string({
      summary: 'Import the rows without customId as a new, separate set of payouts named NAME (e.g. 2026-03).',
      description:
        'Rows without a customId get one derived from their content. Without --batch the same rows always get the same ids (a re-run never duplicates them); with --batch NAME they get ids of that batch, so the same rows become new payouts once per batch name.',
    }),
    'decimal-comma': Flags.boolean({summary: 'Amounts are written like 1.234,56 (comma decimal mark).'}),
    wait: waitFlag,
    timeout: waitTimeoutFlag,
    report: Flags.string({
      summary: 'Write one CSV line per input row: line, customId, payoutId, status, error.',
      exclusive: ['dry-run'],
    }),
    yes: yesFlag,
  }

  async run(): Promise<void> {
    const {flags} = this
    if (flags.wait && this.args.file === '-') throw usageError('--wait reads the file again: give a file, not stdin')
    if (flags['and-then'] && flags.api === 'v1')
      throw usageError('--and-then needs the v2 API; in v1 use a preApproved column instead')
    const [{importPayouts}, {confirmMoneyMovement}, output] = await Promise.all([
      import('../../cli/workflows/run-import.js'),
      import('../../cli/confirm.js'),
      import('../../cli/output/import-summary.js'),
    ])
    const delimiter = await this.checkedInput()
    const interrupt = await this.stopOnCtrlC()
    let result: Awaited<ReturnType<typeof importPayouts>>
    try {
      result = await importPayouts({
        file: this.args.file,
        api: flags.api,
        dryRun: flags['dry-run'],
        offline: flags.offline,
        skipInvalid: flags['skip-invalid'],
        andThen: flags['and-then'],
        batch: flags.batch,
        concurrency: flags.concurrency,
        encoding: flags.encoding,
        delimiter,
        decimalComma: flags['decimal-comma'],
        report: flags.report,
        dataDir: this.config.dataDir,
        out: this.out,
        profile: () => this.profile(),
        client: () => this.client(),
        confirm: async (money, environment) => {
          await this.warnIfShort(money.totals)
          await confirmMoneyMovement({environment, yes: flags.yes, summary: money, out: this.out})
        },
        signal: interrupt.signal,
      })
    } finally {
      interrupt.dispose()
    }
    if (flags.json) this.out.printJson(result.summary)
    else if (result.kind === 'import')
      output.renderImport(this.out, result.summary, `${result.label} → profile ${result.profile} (${flags.api})`)
    else if (flags['dry-run'])
      output.renderValidation(this.out, result.validation, result.label, output.checkLines(result.checks))
    else for (const line of output.errorLines(result.validation)) this.out.info(line)
    if (result.kind === 'import' && result.fatal) throw result.fatal
    const outcome = result.outcome
    if (outcome)
      throw new PayctlError(outcome.message, {
        exitCode: outcome.exitCode,
        code: outcome.code,
        suggestions: outcome.suggestions,
      })
    if (flags.wait && result.kind === 'import') await this.waitForRows(delimiter)
  }

  /** --wait: until every row is final for the import's step (payctl payouts import-status FILE --wait). */
  private async waitForRows(delimiter: Delimiter | undefined): Promise<void> {
    const {importStatus} = await import('../../cli/workflows/run-import-status.js')
    const {error} = await importStatus({
      file: this.args.file,
      api: this.flags.api,
      encoding: this.flags.encoding,
      delimiter,
      decimalComma: this.flags['decimal-comma'],
      batch: this.flags.batch,
      dataDir: this.config.dataDir,
      profile: await this.profile(),
      client: await this.client(),
      out: this.out,
      format: 'none',
      concurrency: 16,
      wait: {timeoutMs: this.flags.timeout},
      retryFailed: false,
      confirm: async () => undefined,
    })
    if (error) throw error
  }

  /** Money-moving rows: warn first when their totals exceed the available balance or the allowance left. */
  private async warnIfShort(totals: MoneySummary['totals']): Promise<void> {
    if (!totals || typeof totals === 'function') return
    const client = await this.client()
    const {warnIfShort} = await import('../../services/payouts/balance-check.js')
    await warnIfShort({accounts: () => client.v2.team.accounts(), totals, warn: line => this.out.warn(line)})
  }

  /** --encoding and --delimiter, checked before the file is read. */
  private async checkedInput() {
    const [{encodingProblem}, {parseDelimiterFlag}] = await Promise.all([
      import('../../services/import/decode.js'),
      import('../../services/import/sniff.js'),
    ])
    const {flags} = this
    const encodingIssue = await encodingProblem(flags.encoding)
    if (encodingIssue) throw usageError(encodingIssue)
    const delimiter = flags.delimiter === undefined ? undefined : parseDelimiterFlag(flags.delimiter)
    if (flags.delimiter !== undefined && !delimiter)
      throw usageError(`--delimiter: "${flags.delimiter}" is not one of "," ";" or tab`)
    return delimiter
  }

  /** Ctrl-C: stop after the chunks in flight (the journal stays exact) and exit 130; twice: quit at once. */
  private async stopOnCtrlC(): Promise<{signal: AbortSignal; dispose(): void}> {
    const {watchInterrupts} = await import('../../cli/interrupt.js')
    return watchInterrupts({
      notice: 'Stopping after the chunks in flight (press Ctrl-C again to quit at once)…',
      write: line => this.out.stderr(line),
    })
  }
}
