import {execFileSync} from 'node:child_process'
import {mkdirSync, symlinkSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'

/**
 * The CSV file named on the command line that is not a regular file (a FIFO would hang, /dev/zero never ends,
 * a directory): one line naming it and what it is, before it is read, exit 2 (a usage problem: the argument
 * names no file). Nothing is sent: the origin needs no server.
 */

const cases: Array<[string, (file: string) => void, string]> = [
  ['a FIFO', file => execFileSync('mkfifo', [file]), 'is a named pipe (FIFO), not a file'],
  ['a symlink to /dev/zero', file => symlinkSync('/dev/zero', file), 'is a device, not a file'],
  ['a directory', file => mkdirSync(file), 'is a directory, not a file'],
]

const commands: string[][] = [
  ['payouts', 'import', '--dry-run', '--offline'],
  ['payouts', 'import'],
  ['payouts', 'import-status'],
]

describe('a CSV input that is not a regular file', () => {
  for (const [name, make, why] of cases)
    for (const command of commands)
      it(`${command.slice(1).join(' ')}: ${name} is one line naming it, exit 2`, async () => {
        const home = isolatedHome()
        const file = join(home.dir, 'payouts.csv')
        make(file)
        const res = await runCli([...command, file], {
          env: {...home.env, PAYCTL_ORIGIN: 'http://127.0.0.1:9', PAYCTL_API_KEY: 'pk_test_unused'},
          timeoutMs: 20_000,
        })
        expect(res.code, res.stderr).toBe(2)
        expect(res.stderr.trim().split('\n')[0]).toBe(`Error: USAGE: ${file} ${why}`)
        expect(res.stdout).toBe('')
      })
})
