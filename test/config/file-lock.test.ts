import {spawn, spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {hostname, tmpdir} from 'node:os'
import {join} from 'node:path'
import {build} from 'esbuild'
import {afterAll, describe, expect, it} from 'vitest'
import {acquireFileLock, processStart, withFileLock} from '../../src/config/file-lock.js'
import {isolatedHome, ROOT, runCli} from '../helpers/cli.js'

/** The one lock of payctl (src/config/file-lock.ts) and config.json under ten writers at once. */

const dir = () => mkdtempSync(join(tmpdir(), 'payctl-lock-'))
const sleeper = spawn('sleep', ['120'])
afterAll(() => sleeper.kill())

describe('file lock', () => {
  it('names its holder: host, pid, process start time; removes itself on release', async () => {
    const lockFile = join(dir(), 'x.lock')
    const lock = await acquireFileLock(lockFile)
    const holder = JSON.parse(readFileSync(lockFile, 'utf8'))
    expect(holder).toMatchObject({host: hostname(), pid: process.pid, processStart: processStart(process.pid)})
    await lock.release()
    expect(existsSync(lockFile)).toBe(false)
  })

  it('refuses a lock naming our own pid (we do not hold it) at once', async () => {
    const lockFile = join(dir(), 'x.lock')
    writeFileSync(lockFile, JSON.stringify({host: hostname(), pid: process.pid, since: 'x'}))
    await expect(acquireFileLock(lockFile, {timeoutMs: 60_000})).rejects.toMatchObject({
      code: 'LOCK_HELD',
      message: expect.stringContaining(`process ${process.pid}`),
    })
  })

  it('waits for a live holder up to its ceiling, then says who holds it', async () => {
    const lockFile = join(dir(), 'x.lock')
    const holder = {host: hostname(), pid: sleeper.pid, processStart: processStart(sleeper.pid!), since: 'now'}
    writeFileSync(lockFile, JSON.stringify(holder))
    const waited: number[] = []
    const started = Date.now()
    await expect(acquireFileLock(lockFile, {timeoutMs: 400, onWait: h => waited.push(h.pid)})).rejects.toMatchObject({
      code: 'LOCK_HELD',
      message: expect.stringMatching(/still held by process \d+/),
    })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(waited).toEqual([sleeper.pid])
  })

  it('takes over a lock whose heartbeat stopped, whoever it names', async () => {
    const lockFile = join(dir(), 'x.lock')
    writeFileSync(lockFile, JSON.stringify({host: 'elsewhere', pid: 7, since: 'then'}))
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(await withFileLock(lockFile.replace(/\.lock$/, ''), async () => 'ran', {staleMs: 10})).toBe('ran')
  })
})

/** A process that takes the lock, notes when it holds it, holds it a moment and lets it go. */
const TAKER = `
import {appendFileSync, existsSync} from 'node:fs'
import {acquireFileLock} from './src/config/file-lock.ts'
const [lockFile, log, go] = process.argv.slice(2)
await import('node:crypto')
appendFileSync(log + '.ready', 'x')
while (!existsSync(go)) await new Promise(resolve => setTimeout(resolve, 1))
const lock = await acquireFileLock(lockFile, {timeoutMs: 60_000})
appendFileSync(log, 'in\\n')
await new Promise(resolve => setTimeout(resolve, 40))
appendFileSync(log, 'out\\n')
await lock.release()
`

describe('taking over the lock of a process that is gone', () => {
  it('eight processes that find it at once hold the lock one at a time', async () => {
    const folder = dir()
    const script = join(folder, 'taker.mjs')
    await build({
      stdin: {contents: TAKER, resolveDir: ROOT, loader: 'ts'},
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: script,
      logLevel: 'silent',
    })
    const gone = spawnSync(process.execPath, ['-e', 'process.pid'], {stdio: 'ignore'}).pid
    const lockFile = join(folder, 'x.lock')
    writeFileSync(lockFile, JSON.stringify({host: hostname(), pid: gone, since: 'then'}))
    const log = join(folder, 'log')
    writeFileSync(log, '')
    const go = join(folder, 'go')
    const takers = Array.from({length: 8}, () =>
      spawn(process.execPath, [script, lockFile, log, go], {stdio: 'inherit'}),
    )
    const closed = Promise.all(takers.map(child => new Promise(resolve => child.on('close', resolve))))
    // All at once: each is started and waits for the go.
    while ((existsSync(`${log}.ready`) ? readFileSync(`${log}.ready`, 'utf8').length : 0) < 8)
      await new Promise(resolve => setTimeout(resolve, 10))
    writeFileSync(go, '')
    const codes = await closed
    expect(codes).toEqual(Array(8).fill(0))
    expect(readFileSync(log, 'utf8')).toBe('in\nout\n'.repeat(8))
  }, 60_000)
})

describe('config.json under concurrent writers', () => {
  it('ten `profiles add` at once keep all ten profiles', async () => {
    const home = isolatedHome()
    const names = Array.from({length: 10}, (_, i) => `p${i}`)
    const results = await Promise.all(
      names.map(name =>
        runCli(['profiles', 'add', name, '--environment', 'sandbox', '--origin', 'https://api.example.com'], {
          env: home.env,
          timeoutMs: 90_000,
        }),
      ),
    )
    for (const result of results) expect(result.code, result.stderr).toBe(0)
    const config = JSON.parse(readFileSync(join(home.env.PAYCTL_CONFIG_DIR, 'config.json'), 'utf8'))
    expect(Object.keys(config.profiles).sort()).toEqual(names)
  }, 120_000)
})
