import {execFileSync} from 'node:child_process'
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {profileJournalPath} from '../../src/services/import/plan/journal.js'
import {isolatedHome, runCli} from '../helpers/cli.js'

/** Files payctl reads that are not files (a FIFO, /dev/zero through a symlink, a directory): one line, at once. */

function configHome(make: (file: string) => void) {
  const home = isolatedHome()
  mkdirSync(home.env.PAYCTL_CONFIG_DIR, {recursive: true, mode: 0o700})
  make(join(home.env.PAYCTL_CONFIG_DIR, 'config.json'))
  return home
}

const oneLine = (stderr: string) => stderr.trim().split('\n')[0]

describe('config.json that is not a file', () => {
  const cases: Array<[string, (file: string) => void, RegExp]> = [
    ['a FIFO', file => execFileSync('mkfifo', [file]), /named pipe/],
    ['a symlink to /dev/zero', file => symlinkSync('/dev/zero', file), /device/],
    ['a directory', file => mkdirSync(file), /directory/],
    ['2 MB', file => writeFileSync(file, `{"profiles":{}, "x":"${'a'.repeat(2_000_000)}"}`), /bytes/],
  ]
  for (const [name, make, reason] of cases)
    it(`${name}: one line naming the file, quickly (exit 3)`, async () => {
      const home = configHome(make)
      const started = Date.now()
      const res = await runCli(['profiles', 'list'], {env: home.env, timeoutMs: 30_000})
      expect(res.code, res.stderr).toBe(3)
      expect(Date.now() - started).toBeLessThan(20_000)
      expect(oneLine(res.stderr)).toContain('config.json')
      expect(oneLine(res.stderr)).toMatch(reason)
      expect(res.stderr).not.toMatch(/RangeError|at .*\.js:\d+/)
    })
})

describe('an import journal that is not a file', () => {
  it('a symlink to /dev/zero: one line naming the journal, no RangeError stack (exit 6)', async () => {
    const home = isolatedHome()
    const file = join(home.dir, 'payouts.csv')
    writeFileSync(file, 'description,amount,currency,recipientEmail\nFee,5,EUR,a@example.com\n')
    // Nothing is sent: the journal is read before the first request, so the origin needs no server.
    const origin = 'http://127.0.0.1:9'
    const journal = profileJournalPath(home.env.PAYCTL_DATA_DIR, {name: 'local', origin}, 'payouts.csv')
    mkdirSync(dirname(journal), {recursive: true})
    symlinkSync('/dev/zero', journal)
    const res = await runCli(['payouts', 'import', file], {
      env: {...home.env, PAYCTL_ORIGIN: origin},
      timeoutMs: 30_000,
    })
    expect(res.code, res.stderr).toBe(6)
    expect(res.stderr).toContain(journal)
    expect(res.stderr).toMatch(/device/)
    expect(res.stderr).not.toMatch(/RangeError/)
  })
})
