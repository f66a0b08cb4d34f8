import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import type * as Interfaces from '@oclif/core/interfaces'
import {
  allowConfusableFlag,
  andThenFlag,
  apiFlag,
  waitFlag,
  waitTimeoutOfWaitFlag,
  yesFlag,
} from '../../cli/flags/common-flags.js'
import type {PayoutKindOptions} from '../../services/import/session/payout-kind.js'
import {usageError} from '../../shared/errors.js'

/** The argument of both imports. */
export const importFileArgs = {
  file: Args.string({required: true, description: 'CSV file to import, or - to read stdin.'}),
}

/** What the flags both imports take say about the run, as the import's options. */
export const importRunOptions = (f: {
  'dry-run': boolean
  offline: boolean
  'skip-invalid': boolean
  'force-unlock': boolean
  concurrency: number
  report?: string
}) => ({
  dryRun: f['dry-run'],
  offline: f.offline,
  skipInvalid: f['skip-invalid'],
  forceUnlock: f['force-unlock'],
  concurrency: f.concurrency,
  report: f.report,
})

/** The kind of payout import the flags ask for. */
export const payoutKindOptions = (f: Interfaces.InferredFlags<typeof importFlags>): PayoutKindOptions => ({
  api: f.api,
  andThen: f['and-then'],
  decimalComma: f['decimal-comma'],
  allowConfusable: f['allow-confusable'],
})

/** The flags of `payouts import`. */
export const importFlags = {
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
  'and-then': {
    ...andThenFlag,
    summary: 'v2: after creating each payout, send its claim link or pay it (pay needs payouts:approve).',
  },
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
  'allow-confusable': allowConfusableFlag,
  wait: waitFlag,
  timeout: waitTimeoutOfWaitFlag,
  report: Flags.string({
    summary: 'Write one CSV line per input row: line, customId, payoutId, status, error.',
    exclusive: ['dry-run'],
  }),
  yes: yesFlag,
  'force-unlock': Flags.boolean({
    summary: 'Remove the lock of this file and profile first (left by a crash on another host or a container).',
    description: 'Only when no other import of this file into this profile runs: two at once could send rows twice.',
  }),
}

/** Flag combinations `payouts import` refuses before reading anything. */
export function checkImportFlags(f: Interfaces.InferredFlags<typeof importFlags>): void {
  if (f['and-then'] && f.api === 'v1')
    throw usageError('--and-then needs the v2 API; in v1 use a preApproved column instead')
}

/** The flags of `counterparties import`: the payout import's, without what only payouts have. */
export const counterpartyImportFlags = {
  'dry-run': Flags.boolean({
    summary: "Validate only, and check the rows against the service's countries and payment methods; send nothing.",
  }),
  offline: Flags.boolean({
    summary: 'With --dry-run: do not check the rows against the service.',
    dependsOn: ['dry-run'],
  }),
  'skip-invalid': importFlags['skip-invalid'],
  concurrency: importFlags.concurrency,
  encoding: importFlags.encoding,
  delimiter: importFlags.delimiter,
  batch: Flags.string({
    summary: 'Import the rows without customId as a new, separate set of counterparties named NAME.',
  }),
  report: Flags.string({
    summary: 'Write one CSV line per input row: line, customId, counterpartyId, status, error.',
    exclusive: ['dry-run'],
  }),
  'force-unlock': importFlags['force-unlock'],
  'allow-confusable': allowConfusableFlag,
}
