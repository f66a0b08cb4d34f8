import {mkdirSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'
import {afterAll, describe, expect, it, vi} from 'vitest'
import {SessionRenderer} from '../../src/cli/output/import-session-view.js'
import {Output} from '../../src/cli/output/output.js'
import {importPayouts} from '../../src/operations/import/import-run.js'
import {type ImportResult, summaryOf} from '../../src/services/import/outcome/import-result.js'
import {RowStore} from '../../src/services/import/validate/row-store.js'
import {importedRows} from '../../src/services/import-status/file-rows.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {useEmulator} from '../helpers/emulator.js'
import {emulatorClient, emulatorProfile} from '../helpers/emulator-profile.js'
import {allPayouts, writeCsv} from './helpers.js'

/** The import service in this process: the path for files too big to keep in memory (read twice, streamed). */

const ctx = useEmulator()
const work = mkdtempSync(join(tmpdir(), 'payctl-service-'))

afterAll(async () => {
  rmSync(work, {recursive: true, force: true})
})

function run(
  file: string,
  dataDir: string,
  keepInMemoryRows: number,
  holdRows = false,
  more: {dryRun?: boolean; andThen?: 'pay'} = {},
) {
  const stderr = new PassThrough()
  let messages = ''
  stderr.on('data', chunk => {
    messages += chunk
  })
  const client = emulatorClient(ctx.url)
  return importPayouts({
    file,
    api: 'v2',
    dryRun: false,
    skipInvalid: true,
    concurrency: 2,
    encoding: 'utf8',
    decimalComma: false,
    dataDir,
    keepInMemoryRows,
    holdRows,
    ...more,
    view: new SessionRenderer(
      new Output({json: false, streams: {stdout: new PassThrough(), stderr}, env: {NO_COLOR: '1'}}),
    ),
    profile: async () => emulatorProfile(ctx.url),
    client: async () => client,
    confirm: async () => undefined,
  })
    .finally(() => client.close())
    .then(result => ({result, messages}))
}

describe('importPayouts', () => {
  it('rows spilled to a temporary file (none kept in memory): the same chunks, report lines and resume', async () => {
    const file = join(work, 'stream.csv')
    const ids = writeCsv(file, 250, {replace: {120: 'imp-120,Bad,-1,EUR,user120@example.com,'}})
    const dataDir = join(work, 'data')
    const {result, messages} = await run(file, dataDir, 0)
    expect(result.kind).toBe('import')
    expect(summaryOf(result)).toMatchObject({rows: 250, valid: 249, invalid: 1, created: 249, chunks: 3, chunksSent: 3})
    expect(messages).toMatch(/^ {2}line 121: column amount: /m)
    const created = await allPayouts(ctx.url, LOCAL_EMULATOR.fullKey)
    expect(created.map(p => p.customId).sort()).toEqual(ids.filter(id => id !== 'imp-120').sort())

    const again = await run(file, dataDir, 0)
    expect(summaryOf(again.result)).toMatchObject({created: 0, unchanged: 249, chunksSent: 0})
    expect(again.messages).toContain('Nothing to send')
  })

  it('rows held for --wait outlive the session and the file, with nothing of them left in TMPDIR while held or after', async () => {
    const file = join(work, 'held.csv')
    const ids = writeCsv(file, 150, {prefix: 'held'})
    const tmp = join(work, 'tmp')
    mkdirSync(tmp)
    const saved = process.env.TMPDIR
    process.env.TMPDIR = tmp
    try {
      const {result} = await run(file, join(work, 'data-held'), 0, true)
      rmSync(file)
      const sent = result as Extract<ImportResult, {kind: 'import'}>
      expect(sent.rows?.kept).toBeDefined()
      const rows = await importedRows(sent.rows!, {validation: sent.validation, api: 'v2', journal: sent.journal})
      const read: string[] = []
      for await (const chunk of rows.chunks()) read.push(...chunk.rows.map(row => row.customId))
      expect(read).toEqual(ids)
      expect(readdirSync(tmp)).toEqual([])
      await rows.close()
      expect(readdirSync(tmp)).toEqual([])
    } finally {
      if (saved === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = saved
    }
  })

  it('an online dry run checks currencies and balances as the file is read: no row is kept, none read again', async () => {
    const file = join(work, 'dry.csv')
    writeCsv(file, 250, {
      replace: {100: 'imp-100,Big,9999999.00,EUR,big@example.com,', 200: 'imp-200,Odd,1.00,XYZ,odd@example.com,'},
    })
    const kept = vi.spyOn(RowStore.prototype, 'add')
    try {
      const {result} = await run(file, join(work, 'data-dry'), 0, false, {dryRun: true, andThen: 'pay'})
      expect(kept).not.toHaveBeenCalled()
      expect(result.kind === 'validation' && result.checks).toEqual({
        online: true,
        problems: [
          {
            line: 101,
            message: expect.stringMatching(/^150 rows from here on would not be approved: [\d.]+ EUR to approve/),
          },
          {line: 201, message: expect.stringMatching(/^currency XYZ is not paid out by the service/)},
        ],
      })
    } finally {
      kept.mockRestore()
    }
  })
})
