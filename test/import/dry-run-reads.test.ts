import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'
import {afterAll, describe, expect, it, vi} from 'vitest'
import {SessionRenderer} from '../../src/cli/output/import-session-view.js'
import {Output} from '../../src/cli/output/output.js'
import {PayoutClient} from '../../src/client/index.js'
import type {ResolvedProfile} from '../../src/config/resolve.js'
import {importPayouts} from '../../src/operations/import/import-run.js'
import type {ImportResult} from '../../src/services/import/outcome/import-result.js'
import {RowStore} from '../../src/services/import/validate/row-store.js'
import {RowIdentifier} from '../../src/services/payouts/payout-identity.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {useEmulator} from '../helpers/emulator.js'
import {writeCsv} from './helpers.js'

/**
 * The online dry run of a file imported before (issue 52, item 4): the file is read once by the validation pass, the
 * rows it kept are read once by the comparison with the journal, and each row's identity is taken once, while the
 * currency and balance checks ask the service.
 */

const ctx = useEmulator()
const work = mkdtempSync(join(tmpdir(), 'payctl-dry-reads-'))

afterAll(() => {
  rmSync(work, {recursive: true, force: true})
})

function run(file: string, dryRun: boolean): Promise<ImportResult> {
  const client = new PayoutClient({
    origin: ctx.url,
    auth: {authorization: async () => `Bearer ${LOCAL_EMULATOR.fullKey}`},
  })
  const profile: ResolvedProfile = {
    name: 'local',
    environment: 'sandbox',
    origin: ctx.url,
    selectedBy: 'default',
    credentialSource: 'builtin',
    credentials: {},
  }
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
    profile: async () => profile,
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
})
