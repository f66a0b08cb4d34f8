import {execFile, spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'

/**
 * scripts/check-casts.js (run by `npm run lint`), issue 50 item 6: at most 150 casts in src (`as const` and
 * `satisfies` are none), no `as unknown as`, biome's non-null rule on with at most 10 exceptions; the counts printed.
 */

const repo = join(import.meta.dirname, '..', '..')
const script = join(repo, 'scripts', 'check-casts.js')
const root = mkdtempSync(join(tmpdir(), 'payctl-casts-'))
afterAll(() => rmSync(root, {recursive: true, force: true}))

const biome = (rule: string) => JSON.stringify({linter: {rules: {style: {noNonNullAssertion: rule}}}})
const check = () => spawnSync(process.execPath, [script, root], {encoding: 'utf8'})

/** The script on a tree of its own holding src/things/thing.ts and biome.json, in a subprocess run alongside others. */
function checkTree(thing: string, rule = 'error'): Promise<{status: number | null; stderr: string}> {
  const dir = mkdtempSync(join(root, 'tree-'))
  mkdirSync(join(dir, 'src', 'things'), {recursive: true})
  writeFileSync(join(dir, 'biome.json'), biome(rule))
  writeFileSync(join(dir, 'src', 'things', 'thing.ts'), thing)
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [script, dir], {encoding: 'utf8'}, (error, _stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error)
      else resolve({status: error ? (error.code as number) : 0, stderr})
    }),
  )
}

describe('fewer escapes from the compiler', () => {
  it('hold in this repository', () => {
    const here = spawnSync(process.execPath, [script], {encoding: 'utf8'})
    expect(here.stderr).toBe('')
    expect(here.status).toBe(0)
    const [, casts, unknownCasts, exceptions] =
      /casts in src: (\d+) .*`as unknown as`: (\d+) .*non-null exceptions: (\d+)/.exec(here.stdout) ?? []
    expect(Number(casts)).toBeLessThanOrEqual(150)
    expect(Number(unknownCasts)).toBe(0)
    expect(Number(exceptions)).toBeLessThanOrEqual(10)
  })

  it('counts casts as the compiler sees them and names each `as unknown as`', () => {
    mkdirSync(join(root, 'src', 'things'), {recursive: true})
    writeFileSync(join(root, 'biome.json'), biome('error'))
    writeFileSync(
      join(root, 'src', 'things', 'thing.ts'),
      [
        "const fixed = ['a', 'b'] as const",
        'const checked = {a: 1} satisfies Record<string, number>',
        'const text = (JSON.parse("1") as number).toString()',
        'const older = <string>(<unknown>fixed)',
        'const forced = checked as unknown as string[]',
        'export {text, older, forced}',
        '',
      ].join('\n'),
    )
    const counted = check()
    expect(counted.stdout).toMatch(/casts in src: 5 .*`as unknown as`: 1 /)
    expect(counted.status).toBe(1)
    expect(counted.stderr.trim().split('\n')).toEqual([
      'src/things/thing.ts:5: `as unknown as` (type the value instead)',
    ])
  })

  it('fails above 150 casts, and when the non-null rule is off or has more than 10 exceptions', async () => {
    const exception = '// biome-ignore lint/style/noNonNullAssertion: set just above\nexport const w = [1][0]!\n'
    const [above, plain, ruleOff, exceptions] = await Promise.all([
      checkTree(Array.from({length: 151}, (_, i) => `export const v${i} = JSON.parse('1') as number\n`).join('')),
      checkTree('export const v = 1\n'),
      checkTree('export const v = 1\n', 'off'),
      checkTree(exception.repeat(11)),
    ])
    expect(above.stderr).toMatch(/^151 casts in src, more than 150/)
    expect(plain.status).toBe(0)
    expect(ruleOff.stderr).toMatch(/noNonNullAssertion must be on/)
    expect(exceptions.stderr).toMatch(/11 exceptions to noNonNullAssertion in src, more than 10/)
  })
})

describe('BaseCommand on two screens (scripts/check-layout.js)', () => {
  const layout = join(repo, 'scripts', 'check-layout.js')
  it('holds in this repository, and names a longer base-command.ts', () => {
    expect(spawnSync(process.execPath, [layout], {encoding: 'utf8'}).stderr).not.toMatch(/base-command/)
    const other = mkdtempSync(join(tmpdir(), 'payctl-base-command-'))
    try {
      mkdirSync(join(other, 'src', 'cli'), {recursive: true})
      writeFileSync(join(other, 'src', 'cli', 'base-command.ts'), 'export const x = 1\n'.repeat(111))
      const long = spawnSync(process.execPath, [layout, other], {encoding: 'utf8'})
      expect(long.status).toBe(1)
      expect(long.stderr).toMatch(/^src\/cli\/base-command\.ts has 111 lines \(at most 110/m)
    } finally {
      rmSync(other, {recursive: true, force: true})
    }
  })
})
