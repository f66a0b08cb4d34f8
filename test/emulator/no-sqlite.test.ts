import {existsSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {noSqliteFixes} from '../../src/cli/emulator-start-failure.js'
import {isolatedHome, ROOT, runCli} from '../helpers/cli.js'

/**
 * `emulator start` where no SQLite driver loads, as on Node 20 without better-sqlite3 (issue #34, item 8): one
 * line, exit 3 (the installation's configuration), the standalone executable named first, and an install
 * command that works offline; README says the same.
 */

const home = isolatedHome()
const WITHOUT_SQLITE = join(ROOT, 'test', 'fixtures', 'preload', 'without-sqlite.cjs')

describe('emulator start without SQLite', () => {
  // The executables have SQLite inside, and a Node preload does not reach them (.ci/exe.sh runs this suite with one).
  it.skipIf(Boolean(process.env.PAYCTL_TEST_EXE))(
    'exits 3 with NO_SQLITE and the ways out, simplest first',
    async () => {
      const result = await runCli(['emulator', 'start', '--port', '0', '--data', ':memory:'], {
        env: {...home.env, NODE_OPTIONS: `--require=${WITHOUT_SQLITE}`},
      })
      expect(result.code, result.stderr).toBe(3)
      const lines = result.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^Error: NO_SQLITE: the emulator needs SQLite: .*; simplest: the standalone executable/)
      // --nodedir only where this Node has its headers (Debian's Node does, the node@24 npm package does not).
      const prefix = dirname(dirname(process.execPath))
      const nodedir = existsSync(join(prefix, 'include', 'node', 'node_version.h')) ? ` --nodedir=${prefix}` : ''
      expect(
        lines[0].endsWith(`npm install -g better-sqlite3 --allow-scripts=better-sqlite3${nodedir}`),
        lines[0],
      ).toBe(true)
    },
  )

  it('--nodedir only where this Node has its headers', () => {
    expect(noSqliteFixes('/nowhere/bin/node').at(-1)).toMatch(
      /npm install -g better-sqlite3 --allow-scripts=better-sqlite3$/,
    )
  })

  it('README names the same fixes and exit code', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const from = readme.indexOf('**Node 20 users:**')
    expect(from, 'the Node 20 paragraph in README').toBeGreaterThan(0)
    const node20 = readme.slice(from, readme.indexOf('\n## ', from))
    expect(node20).toContain('npm install -g better-sqlite3 --allow-scripts=better-sqlite3 --nodedir=')
    expect(node20).toContain('exits 3')
    expect(node20).toContain('standalone executable')
    expect(readme).toMatch(/\| 3 \| [^\n]*Node 20 without better-sqlite3/)
  })
})
