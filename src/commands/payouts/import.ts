import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../base-command.js'
import type {MoneySummary} from '../../confirm.js'
import {PayctlError, usageError} from '../../errors.js'
import {apiFlag, waitFlag, waitTimeoutFlag, yesFlag} from '../../flags.js'
import type {Delimiter} from '../../import/sniff.js'

export default class PayoutsImport extends BaseCommand<typeof PayoutsImport> {
  static override summary = 'Import payouts from a CSV file, in chunks of 100, resumable, never a duplicate.'
  static override description =
    `The whole file is validated first; if any row is invalid nothing is sent (exit 6), unless --skip-invalid sends the valid rows (exit 8). Rows are then sent in chunks of 100 (v2: one batch call each, all-or-nothing; v1: one upsert per row), --concurrency chunks at a time.

Each chunk's idempotency key comes from the file's content, the profile and the chunk number, and rows without a customId get one derived from the file and their line, so re-running the same file never creates a payout twice. A journal in the data directory records finished chunks: after a crash, Ctrl-C (exit 130) or exit 7, run the same command again and it resumes.

--wait then follows the rows until they are final (paid, link sent, or approved, per --and-then), lists those that failed with their reasons (exit 8) or stops at --timeout (exit 7). See every row's payout any time later with payctl payouts import-status FILE (--retry-failed pays the failed ones again).

Columns, aliases and examples: docs/import.md. Exit codes: 0 all done, 6 invalid file (nothing sent), 7 service unavailable (resumable), 8 some rows failed or were skipped, 130 interrupted (resumable).`

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
    const [{importPayouts}, {encodingProblem}, {parseDelimiterFlag}, {confirmMoneyMovement}, summary] =
      await Promise.all([
        import('../../import/service.js'),
        import('../../import/decode.js'),
        import('../../import/sniff.js'),
        import('../../confirm.js'),
        import('../../output/import-summary.js'),
      ])
    const encodingIssue = await encodingProblem(flags.encoding)
    if (encodingIssue) throw usageError(encodingIssue)
    const delimiter = flags.delimiter === undefined ? undefined : parseDelimiterFlag(flags.delimiter)
    if (flags.delimiter !== undefined && !delimiter)
      throw usageError(`--delimiter: "${flags.delimiter}" is not one of "," ";" or tab`)

    // Ctrl-C: stop after the chunks in flight (the journal stays exact) and exit 130; twice: quit at once.
    const interrupt = new AbortController()
    const onSigint = () => {
      if (interrupt.signal.aborted) {
        process.off('SIGINT', onSigint)
        process.kill(process.pid, 'SIGINT')
        return
      }
      this.out.stderr('Stopping after the chunks in flight (press Ctrl-C again to quit at once)…')
      interrupt.abort()
    }
    process.on('SIGINT', onSigint)
    let result: Awaited<ReturnType<typeof importPayouts>>
    try {
      result = await importPayouts({
        file: this.args.file,
        api: flags.api,
        dryRun: flags['dry-run'],
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
      process.off('SIGINT', onSigint)
    }

    if (result.kind === 'validation') {
      if (flags.json) this.out.printJson(result.summary)
      else if (flags['dry-run']) summary.renderValidation(this.out, result.validation, result.label)
      else for (const line of summary.errorLines(result.validation)) this.out.info(line)
    } else {
      if (flags.json) this.out.printJson(result.summary)
      else summary.renderImport(this.out, result.summary, `${result.label} → profile ${result.profile} (${flags.api})`)
      if (result.fatal) throw result.fatal
    }
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
    const {importStatus} = await import('../../status/service.js')
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
    if (typeof totals === 'function') return
    const client = await this.client()
    const {warnIfShort} = await import('../../payouts/balance-check.js')
    await warnIfShort({accounts: () => client.v2.team.accounts(), totals, warn: line => this.out.warn(line)})
  }
}
