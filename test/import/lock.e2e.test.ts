import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, writeFileSync} from 'node:fs'
import {hostname} from 'node:os'
import {dirname, join} from 'node:path'
import {afterAll, describe, expect, it, vi} from 'vitest'
import {processStart} from '../../src/config/file-lock.js'
import {profileJournalPath} from '../../src/services/import/plan/journal.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * Locks an import finds left behind (docs/import.md, "Locks"): the built CLI with a hand-made lock file next to
 * its journal. A lock it cannot check stops at once with one line; one whose holder is gone is taken over.
 */

vi.setConfig({testTimeout: 120_000})

const emulator = useEmulator({reset: false})

function setUp(lock: unknown) {
  const home = isolatedHome()
  const file = join(home.dir, 'payouts.csv')
  writeFileSync(file, 'description,amount,currency,recipientEmail\nFee,5,EUR,a@example.com\n')
  const journal = profileJournalPath(home.env.PAYCTL_DATA_DIR, {name: 'local', origin: emulator.url}, 'payouts.csv')
  mkdirSync(dirname(journal), {recursive: true})
  const lockFile = `${journal}.lock`
  writeFileSync(lockFile, typeof lock === 'string' ? lock : JSON.stringify(lock))
  const run = (...extra: string[]) =>
    runCli(['payouts', 'import', file, ...extra], {env: {...home.env, PAYCTL_ORIGIN: emulator.url}, timeoutMs: 60_000})
  return {lockFile, run}
}

const since = new Date().toISOString()
/** A process of this host that certainly is not an import: the shell below, alive during the test. */
const sleeper = spawn('sleep', ['120'])
afterAll(() => sleeper.kill())

describe('payouts import and the lock of its journal', () => {
  const refused: Array<[string, unknown]> = [
    ['another host', {host: 'ci-runner-7', pid: 4242, since}],
    ['{"pid":1} (no host)', {pid: 1}],
    ['pid 0', {host: hostname(), pid: 0, since}],
    ['pid -1', {host: hostname(), pid: -1, since}],
    ['an alive process it cannot tell apart (no start time)', {host: hostname(), pid: 1, since}],
    ['no holder at all', 'garbage'],
  ]
  for (const [name, lock] of refused)
    it(`a lock naming ${name} stops at once with one line naming the file, the holder and --force-unlock (exit 5)`, async () => {
      const {lockFile, run} = setUp(lock)
      const started = Date.now()
      const res = await run()
      expect(res.code, res.stdout + res.stderr).toBe(5)
      expect(Date.now() - started).toBeLessThan(30_000)
      const lines = res.stderr.trim().split('\n')
      expect(lines, res.stderr).toHaveLength(1)
      expect(lines[0]).toContain(lockFile)
      expect(lines[0]).toContain('--force-unlock')
      if (typeof lock === 'object' && lock && 'pid' in lock) expect(lines[0]).toContain(`process ${lock.pid}`)
      const forced = await run('--force-unlock')
      expect(forced.code, forced.stderr).toBe(0)
      expect(existsSync(lockFile)).toBe(false)
    })

  it('a lock of this host whose process is gone, or whose pid now runs another process, is taken over', async () => {
    const gone = setUp({host: hostname(), pid: 2 ** 22 + 17, since})
    expect((await gone.run()).code).toBe(0)
    const reused = setUp({host: hostname(), pid: sleeper.pid, processStart: '1', since})
    expect(processStart(sleeper.pid!)).not.toBe('1')
    const res = await reused.run()
    expect(res.code, res.stderr).toBe(0)
  })
})
