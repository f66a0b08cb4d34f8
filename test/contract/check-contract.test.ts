import {spawnSync} from 'node:child_process'
import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

/**
 * scripts/check-contract.js (run by `npm run lint`): a primitive or body schema written outside src/contract, or
 * twice inside it, fails the lint. Each case copies this repository's src/ and adds one copy.
 */

const repo = join(import.meta.dirname, '..', '..')
const script = join(repo, 'scripts', 'check-contract.js')

const check = (root?: string) => {
  const run = spawnSync(process.execPath, [script, ...(root ? [root] : [])], {encoding: 'utf8'})
  return {code: run.status, out: run.stdout, err: run.stderr}
}

describe('the contract lint rule', () => {
  let root: string

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'payctl-contract-'))
  })
  afterAll(() => rmSync(root, {recursive: true, force: true}))

  /** A fresh copy of src/ with `file` (relative to src/) holding `text`. */
  function treeWith(file: string, text: string): string {
    const dir = mkdtempSync(join(root, 'tree-'))
    cpSync(join(repo, 'src'), join(dir, 'src'), {recursive: true})
    writeFileSync(join(dir, 'src', file), text)
    return dir
  }

  it('passes on this repository and on an unchanged copy', () => {
    const clean = check()
    expect(clean.code, clean.err).toBe(0)
    expect(clean.out).toContain('contract ok')
    expect(check(treeWith('services/import/plain.ts', 'export const x = 1\n')).code).toBe(0)
  })

  it.each([
    ['an e-mail pattern', 'const EMAIL = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/\n'],
    ['a phone pattern', 'export const PHONE = /^\\+[1-9]\\d{6,14}$/\n'],
    ['a UUID pattern', 'export const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i\n'],
    ['an id-form pattern', 'export const CP = /^counterparty_[0-9a-f-]+$/\n'],
    [
      'a webhook signature (hex HMAC-SHA256)',
      "import {createHmac} from 'node:crypto'\nexport const sig = (s: string, b: string) =>\n  createHmac('sha256', s).update(b).digest('hex')\n",
    ],
    ['a zod object schema', "import * as z from 'zod/mini'\nexport const s = z.looseObject({id: z.string()})\n"],
  ])('fails naming the file and line for %s outside src/contract', (kind, text) => {
    const result = check(treeWith('services/import/copy.ts', `// a copy\n${text}`))
    expect(result.code).toBe(1)
    expect(result.err).toContain(`src/services/import/copy.ts:`)
    expect(result.err).toContain(`${kind} outside src/contract`)
  })

  it('fails when a pattern is written twice inside src/contract', () => {
    const result = check(treeWith('contract/second-email.ts', 'export const MAIL = /^[^\\s@]+@[^\\s@]+$/\n'))
    expect(result.code).toBe(1)
    expect(result.err).toMatch(
      /an e-mail pattern is written 2 times in src\/contract: .*primitives\.ts.*second-email\.ts/,
    )
  })

  it('other HMACs (base64url tokens), id construction and zod shapes built from flags are not copies', () => {
    const text =
      "import * as z from 'zod'\nexport const flags = (shape: z.ZodRawShape) => z.object(shape)\n" +
      "import {createHmac} from 'node:crypto'\nexport const token = (s: string) => createHmac('sha256', s).update('x').digest('base64url')\nexport const id = (u: string) => `payout_${u}`\n"
    expect(check(treeWith('emulator/domain/token.ts', text)).code).toBe(0)
  })
})
