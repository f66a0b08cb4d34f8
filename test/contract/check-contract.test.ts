import {spawnSync} from 'node:child_process'
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

/**
 * scripts/check-contract.js (run by `npm run lint`): a primitive or body schema written outside src/contract, or
 * twice inside it, fails the lint. Each case copies this repository's src/ and adds one copy.
 */

const repo = join(import.meta.dirname, '..', '..')
const script = join(repo, 'scripts', 'check-contract.js')

/** The rule on a tree, in this process: a file parsed once is not parsed again for the next tree. */
const check = async (root: string) => {
  const {checkContract} = await import(pathToFileURL(join(repo, 'scripts', 'contract-check', 'check-tree.js')).href)
  const {problems} = checkContract(root) as {problems: string[]}
  return {code: problems.length ? 1 : 0, err: problems.join('\n')}
}

describe('the contract lint rule', {timeout: 180_000}, () => {
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

  it('passes on this repository (the lint command itself) and on an unchanged copy', async () => {
    const clean = spawnSync(process.execPath, [script], {encoding: 'utf8'})
    expect(clean.status, clean.stderr).toBe(0)
    expect(clean.stdout).toContain('contract ok')
    expect((await check(treeWith('services/import/plain.ts', 'export const x = 1\n'))).code).toBe(0)
  })

  it.each([
    ['an e-mail pattern', 'const EMAIL = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/\n'],
    ['a phone pattern', 'export const PHONE = /^\\+[1-9]\\d{6,14}$/\n'],
    ['a UUID pattern', 'export const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i\n'],
    ['an id-form pattern', 'export const CP = /^(payout|counterparty)_[\\da-f]{8}(-[\\da-f]{4}){3}-[\\da-f]{12}$/i\n'],
    // Respelled copies: other character classes, quantifiers and flags, the same values accepted.
    ['an e-mail pattern', 'export const MAIL = /^\\S+@\\S+\\.\\S+$/\n'],
    ['a UUID pattern', "export const ID = new RegExp('^[\\\\dA-F]{8}(?:-[\\\\dA-F]{4}){3}-[\\\\dA-F]{12}$', 'i')\n"],
    ['an IBAN pattern', 'export const ACCOUNT = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/\n'],
    [
      'a date-time pattern',
      'export const WHEN = /^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?(Z|[+-]\\d\\d:\\d\\d)$/\n',
    ],
    ['an event-name pattern', 'export const EVENT = /^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$/\n'],
    [
      'a webhook signature (hex HMAC-SHA256)',
      "import {createHmac} from 'node:crypto'\nexport const sig = (s: string, b: string) =>\n  createHmac('sha256', s).update(b).digest('hex')\n",
    ],
    ['a zod object schema', "import * as z from 'zod/mini'\nexport const s = z.looseObject({id: z.string()})\n"],
    ['a zod object schema', "import {z as zod} from 'zod'\nexport const s = zod.object(\n  {id: zod.string()},\n)\n"],
    ['a RegExp', 'export const CODE = /^[A-Z]{3}$/\n'],
  ])('fails naming the file and line for %s outside src/contract', async (kind, text) => {
    const result = await check(treeWith('services/import/copy.ts', `// a copy\n${text}`))
    expect(result.code).toBe(1)
    expect(result.err).toContain(`src/services/import/copy.ts:`)
    expect(result.err).toContain(`${kind} outside src/contract`)
  })

  it('fails when a pattern is written twice inside src/contract', async () => {
    const result = await check(
      treeWith('contract/second-email.ts', 'export const MAIL = /^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/\n'),
    )
    expect(result.code).toBe(1)
    expect(result.err).toMatch(
      /an e-mail pattern is written 2 times in src\/contract: .*primitives\.ts.*second-email\.ts/,
    )
  })

  it('other HMACs (base64url tokens) and id construction are not copies; a listed file may keep its patterns', async () => {
    const text =
      "import {createHmac} from 'node:crypto'\nexport const token = (s: string) => createHmac('sha256', s).update('x').digest('base64url')\nexport const id = (u: string) => `payout_${u}`\n"
    expect((await check(treeWith('emulator/domain/token.ts', text))).code).toBe(0)
    // shared/csv-line.ts is listed with its reason (CSV quoting): its patterns stay.
    const listed = readFileSync(join(repo, 'src/shared/csv-line.ts'), 'utf8')
    expect((await check(treeWith('shared/csv-line.ts', listed))).code).toBe(0)
  })

  it('fails on a zod object schema in a file the allow-list does not name', async () => {
    const text = "import * as z from 'zod'\nexport const flags = (shape: z.ZodRawShape) => z.object(shape)\n"
    const result = await check(treeWith('mcp/flag-shape.ts', text))
    expect(result.code).toBe(1)
    expect(result.err).toContain('scripts/contract-allow-list.json does not list')
  })

  it('fails on a payout state compared, switched on, listed or written into SQL outside src/contract', async () => {
    const text = [
      "export const pending = (s: string) => s === 'created'",
      "export const done = (s: string) => 'completed' !== s",
      'export function label(s: string) {',
      '  switch (s) {',
      "    case 'expired':",
      "      return 'late'",
      '  }',
      "  return 'fine'",
      '}',
      "export const open = ['created', 'approved']",
      "export const sql = `SELECT * FROM payouts WHERE status != 'deleted'`",
      "export const words = ['pending', 'sent'].includes('sent') && ('paid' as string) === 'paid'",
      "export type Seen = 'failed' | 'requested'",
    ].join('\n')
    const result = await check(treeWith('services/payouts/copied-rules.ts', `${text}\n`))
    expect(result.code).toBe(1)
    const named = result.err
      .split('\n')
      .filter(line => line.startsWith('src/services/payouts/copied-rules.ts:'))
      .map(line =>
        /^src\/services\/payouts\/copied-rules\.ts:(\d+): a payout state rule .*?\((.*?)\)/.exec(line)?.slice(1),
      )
    expect(named).toEqual([
      ['1', "compares with 'created'"],
      ['2', "compares with 'completed'"],
      ['5', "switches on 'expired'"],
      ['10', "lists 'created'"],
      ['11', "writes 'deleted' into a query"],
    ])
  })

  it('reads the payout states from the lifecycle: a state added there is checked at once', async () => {
    const dir = treeWith('services/payouts/held.ts', "export const held = (s: string) => s === 'on-hold'\n")
    expect((await check(dir)).code).toBe(0)
    const lifecycle = join(dir, 'src', 'contract', 'lifecycle.ts')
    const text = readFileSync(lifecycle, 'utf8')
    writeFileSync(lifecycle, text.replace("'expired'] as const", "'expired', 'on-hold'] as const"))
    const result = await check(dir)
    expect(result.err).toContain(
      "src/services/payouts/held.ts:1: a payout state rule outside src/contract/lifecycle.ts (compares with 'on-hold')",
    )
  })

  it('lets a file the allow-list names keep as many words of its own vocabulary, and no more', async () => {
    const runner = 'services/import/send/runner.ts'
    const listed = readFileSync(join(repo, 'src', runner), 'utf8')
    expect((await check(treeWith(runner, listed))).code).toBe(0)
    const more = `${listed}\nexport const isCreated = (status: string) => status === 'created'\n`
    expect((await check(treeWith(runner, more))).err).toContain(`src/${runner}:`)
  })
})
