import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'

/**
 * scripts/check-layout.js (run by `npm run lint`), issue 50: the one Ctrl-C helper is src/operations/interrupt.ts;
 * a SIGINT, SIGTERM or SIGHUP handler anywhere else in src is named by file and line.
 */

const repo = join(import.meta.dirname, '..', '..')
const script = join(repo, 'scripts', 'check-layout.js')
const root = mkdtempSync(join(tmpdir(), 'payctl-layout-signals-'))
afterAll(() => rmSync(root, {recursive: true, force: true}))

describe('one Ctrl-C helper', () => {
  it('holds in this repository', () => {
    const clean = spawnSync(process.execPath, [script], {encoding: 'utf8'})
    expect(clean.stderr).not.toMatch(/signal handler/)
  })

  it('names a signal handler outside src/operations/interrupt.ts', () => {
    mkdirSync(join(root, 'src', 'operations'), {recursive: true})
    mkdirSync(join(root, 'src', 'services', 'things'), {recursive: true})
    writeFileSync(join(root, 'src', 'operations', 'interrupt.ts'), "process.on('SIGINT', () => {})\n")
    writeFileSync(
      join(root, 'src', 'services', 'things', 'thing-run.ts'),
      ['export function run() {', "  process.once('SIGTERM', () => {})", '}', ''].join('\n'),
    )
    const copied = spawnSync(process.execPath, [script, root], {encoding: 'utf8'})
    expect(copied.status).toBe(1)
    const named = copied.stderr.split('\n').filter(line => line.includes('signal handler'))
    expect(named).toEqual([
      "src/services/things/thing-run.ts:2: a signal handler outside src/operations/interrupt.ts: process.once('SIGTERM', () => {})",
    ])
  })
})
