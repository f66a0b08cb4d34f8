import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {afterAll} from 'vitest'

const repo = join(import.meta.dirname, '..', '..')
const script = join(repo, 'scripts', 'check-layout.js')

/**
 * scripts/check-layout.js (run by `npm run lint`) on this repository and on a tree of a test's own files, made in a
 * temporary folder removed after the test file.
 */
export function layoutTree(name: string) {
  const root = mkdtempSync(join(tmpdir(), `payctl-${name}-`))
  afterAll(() => rmSync(root, {recursive: true, force: true}))
  return {
    /** The check on this repository. */
    onRepository: () => spawnSync(process.execPath, [script], {encoding: 'utf8'}),
    /** `text` written at `file` (relative to the tree's src/). */
    write(file: string, text: string) {
      const path = join(root, 'src', file)
      mkdirSync(dirname(path), {recursive: true})
      writeFileSync(path, text)
    },
    /** The check on the tree. */
    check: () => spawnSync(process.execPath, [script, root], {encoding: 'utf8'}),
  }
}
