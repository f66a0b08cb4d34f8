import {importStatusInputs} from '../inputs/import-status-inputs.js'
import {operation} from '../operation.js'

/**
 * `payouts import-status FILE`: every row of an imported file with its payout; first, if asked, the failed ones
 * paid again (--retry-failed) and the wait until the rows are final (--wait).
 */
export const payoutsImportStatus = operation({
  id: 'payouts:import-status',
  summary: 'Show every row of an imported CSV file with its payout: status, failure, timestamps.',
  result: 'importStatusRows',
  inputs: importStatusInputs,
  async run(input, context) {
    const [{importStatusRows}, {checkFileOptions}] = await Promise.all([
      import('./import-status-run.js'),
      import('../../services/import/read/file-options.js'),
    ])
    const delimiter = await checkFileOptions(input.encoding, input.delimiter)
    const [profile, client] = await Promise.all([context.session.profile(), context.session.client()])
    return importStatusRows({
      file: input.file,
      api: input.api,
      encoding: input.encoding,
      delimiter,
      decimalComma: input['decimal-comma'],
      batch: input.batch,
      dataDir: context.session.dataDir,
      profile,
      client,
      report: context.report,
      concurrency: input.concurrency,
      wait: input.wait ? {timeoutMs: input.timeout, goal: input.until} : undefined,
      retryFailed: input['retry-failed'],
      confirm: summary => context.confirm(summary),
    })
  },
})
