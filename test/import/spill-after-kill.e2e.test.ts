import {mkdtempSync, readdirSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {runCli} from '../helpers/cli.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * An import past 10,000 rows keeps its rows (recipients' e-mail addresses, names and amounts) in a temporary file.
 * Killed with SIGKILL while it sends, it leaves nothing of it in TMPDIR: the file was unlinked as soon as it was open.
 */

const ctx = useEmulator()
let proxy: Awaited<ReturnType<typeof startCountingProxy>> | undefined
afterEach(async () => {
  await proxy?.close()
  proxy = undefined
})

describe('the row store of a big import after kill -9', () => {
  it('leaves no file in TMPDIR', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'payctl-spill-test-'))
    const csv = join(ctx.home.dir, 'big.csv')
    const rows = Array.from({length: 10_050}, (_, i) => `Royalties ${i},1.00,EUR,r${i}@example.com`)
    writeFileSync(csv, `description,amount,currency,recipientEmail\n${rows.join('\n')}\n`)
    proxy = await startCountingProxy(ctx.url, {hold: request => request.method === 'POST'})
    const env = {...ctx.home.env, PAYCTL_ORIGIN: proxy.origin, PAYCTL_API_KEY: FULL, TMPDIR: tmp}
    const run = runCli(['payouts', 'import', csv], {env, timeoutMs: 60_000})
    await proxy.held
    run.child.kill('SIGKILL')
    expect((await run).signal).toBe('SIGKILL')
    expect(readdirSync(tmp)).toEqual([])
  }, 60_000)
})
