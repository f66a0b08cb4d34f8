import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'
import {afterAll, describe, expect, it, vi} from 'vitest'
import {SessionRenderer} from '../../src/cli/output/import-session-view.js'
import {Output} from '../../src/cli/output/output.js'
import {importPayouts} from '../../src/operations/import/import-run.js'
import {BalanceCheck} from '../../src/services/import/check/online-checks.js'
import type {ImportResult} from '../../src/services/import/outcome/import-result.js'
import {RowStore} from '../../src/services/import/validate/row-store.js'
import {RowIdentifier} from '../../src/services/payouts/payout-identity.js'
import {useEmulator} from '../helpers/emulator.js'
import {emulatorClient, emulatorProfile} from '../helpers/emulator-profile.js'
import {writeCsv} from './helpers.js'

/**
 * The online dry run reads each row once (issue 52, item 4). Of a file imported before: the file is read once by the
 * validation pass, the rows it kept once by the comparison with the journal, and each row's identity is taken once,
 * while the currency and balance checks ask the service. Of a big file: the checks see the rows as the pass reads
 * them, those read before the service answered and those after, with the same findings by line.
 */

const ctx = useEmulator()
const work = mkdtempSync(join(tmpdir(), 'payctl-dry-reads-'))

afterAll(() => {
  rmSync(work, {recursive: true, force: true})
})

function run(file: string, dryRun: boolean): Promise<ImportResult> {
  const client = emulatorClient(ctx.url)
  return importPayouts({
    file,
    api: 'v2',
    dryRun,
    skipInvalid: false,
    concurrency: 2,
    encoding: 'utf8',
    decimalComma: false,
    dataDir: join(work, 'data'),
    keepInMemoryRows: 0,
    view: new SessionRenderer(
      new Output({json: false, streams: {stdout: new PassThrough(), stderr: new PassThrough()}, env: {NO_COLOR: '1'}}),
    ),
    profile: async () => emulatorProfile(ctx.url),
    client: async () => client,
    confirm: async () => undefined,
  }).finally(() => client.close())
}

describe('the online dry run of an imported file', () => {
  it('reads the kept rows once and takes each identity once, checking with the service', async () => {
    const file = join(work, 'again.csv')
    writeCsv(file, 150, {prefix: 'again'})
    expect((await run(file, false)).kind).toBe('import')
    writeCsv(file, 160, {prefix: 'again'})
    const reads = vi.spyOn(RowStore.prototype, 'rows')
    const identities = vi.spyOn(RowIdentifier.prototype, 'identify')
    try {
      const result = await run(file, true)
      expect(result.kind === 'validation' && result.checks?.online).toBe(true)
      expect(result.kind === 'validation' && result.dryRun?.plan.diff?.added.count).toBe(10)
      expect(reads).toHaveBeenCalledTimes(1)
      expect(identities).toHaveBeenCalledTimes(160)
    } finally {
      reads.mockRestore()
      identities.mockRestore()
    }
  })

  it('a big file: rows read before and after the service answered are checked alike, by line', async () => {
    const client = emulatorClient(ctx.url)
    const checks = new BalanceCheck(async () => client)
    const row = (currency: string, amount: string, movesMoney = false) => ({currency, amount, movesMoney})
    try {
      // The first 20,000 rows wait for the service's answer (asked at the 10,000th), the pass then waits for it.
      for (let line = 2; line <= 20_001; line++)
        checks.accepted(line - 2, line, row(line === 5 ? 'XYZ' : 'EUR', '1.00'))
      await checks.settle()
      // The rest are checked as they come.
      for (let line = 20_002; line <= 25_001; line++) {
        const moves = line >= 22_000 && line < 22_005
        checks.accepted(line - 2, line, row(line === 21_000 ? 'xyz' : 'EUR', moves ? '99999999.00' : '1.00', moves))
      }
      const result = await checks.result()
      expect(result.online).toBe(true)
      expect(result.problems.map(problem => problem.line)).toEqual([5, 21_000, 22_000])
      expect(result.problems[0].message).toMatch(/^currency XYZ is not paid out by the service \(it pays .*EUR/)
      expect(result.problems[1].message).toMatch(/^currency XYZ is not paid out by the service/)
      expect(result.problems[2].message).toMatch(
        /^5 rows from here on would not be approved: 499999995\.00 EUR to approve, [\d]+\.\d\d EUR available$/,
      )
    } finally {
      await client.close()
    }
  })
})
