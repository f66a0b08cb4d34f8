import {chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'

/*
 * The npm package's V8 code caches (scripts/cli/package-loader.cjs): one file per script in
 * <tmpdir>/payctl-code-cache-<uid>, written when a run exits, read by the next. PAYCTL_SCRIPTS_DEBUG=1 makes each
 * run say which scripts it ran and whether V8 took their caches.
 */

let tmp: string
let env: Record<string, string>
let folder: string

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'payctl-code-cache-test-'))
  env = {...isolatedHome().env, TMPDIR: tmp, PAYCTL_SCRIPTS_DEBUG: '1'}
  folder = join(tmp, `payctl-code-cache-${process.getuid?.()}`)
})

const caches = () => readdirSync(folder).filter(name => name.endsWith('.cache'))
/** The kinds of call a cache file was written after (its header). */
const kindsOf = (file: string) => {
  const buffer = readFileSync(join(folder, file))
  return JSON.parse(buffer.subarray(4, 4 + buffer.readUInt32LE(0)).toString('utf8'))
}

describe('code caches of the npm package', () => {
  it('the first run writes its script cache (0600 in a 0700 folder), the next uses it, a new kind of call extends it (no argument is kept)', async () => {
    const first = await runCli(['--version'], {env})
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toBe('payctl: script core, code cache rejected or missing\n')
    expect(statSync(folder).mode & 0o777).toBe(0o700)
    const [core] = caches()
    expect(caches()).toEqual([expect.stringMatching(/^core-[0-9a-f]{16}-v[\d.]+-\w+\.cache$/)])
    expect(statSync(join(folder, core)).mode & 0o777).toBe(0o600)
    expect(kindsOf(core)).toEqual(['--version'])

    const again = await runCli(['--version'], {env})
    expect(again.stderr).toBe('payctl: script core, code cache accepted\n')
    const written = statSync(join(folder, core))

    const help = await runCli(['payouts', 'list', '--help'], {env})
    expect(help.stderr).toContain('payctl: script core, code cache accepted\n')
    expect(kindsOf(core)).toEqual(['--version', 'payouts list --help'])
    expect(statSync(join(folder, core)).size).toBeGreaterThan(written.size)

    const path = await runCli(['api', '/api/v1/payouts?key=sk_test_not_in_a_cache', '--help'], {env})
    expect(path.code, path.stderr).toBe(0)
    expect(kindsOf(core).at(-1)).toBe('api --help')
    expect(readFileSync(join(folder, core)).includes('sk_test_not_in_a_cache')).toBe(false)

    const command = await runCli(['profiles', 'list', '--json'], {env})
    expect(command.code, command.stderr).toBe(0)
    expect(command.stderr).toContain('payctl: script commands, code cache rejected or missing\n')
    expect(caches().sort()).toEqual([core, expect.stringMatching(/^commands-/)].sort())
  })

  it('a damaged cache is compiled past and replaced, with the same output', async () => {
    const clean = await runCli(['profiles', 'list', '--json'], {env})
    for (const file of caches()) {
      const buffer = readFileSync(join(folder, file))
      const header = 4 + buffer.readUInt32LE(0)
      writeFileSync(join(folder, file), Buffer.concat([buffer.subarray(0, header), Buffer.alloc(64, 7)]))
    }
    const damaged = await runCli(['profiles', 'list', '--json'], {env})
    expect(damaged.code).toBe(0)
    expect(damaged.stdout).toBe(clean.stdout)
    expect(damaged.stderr).toContain('payctl: script commands, code cache rejected or missing\n')
    const repaired = await runCli(['profiles', 'list', '--json'], {env})
    expect(repaired.stderr).toBe(
      'payctl: script core, code cache accepted\npayctl: script commands, code cache accepted\n',
    )
  })

  it('is not used in a folder others can write, nor with PAYCTL_CODE_CACHE=0', async () => {
    await runCli(['--version'], {env})
    chmodSync(folder, 0o777)
    const shared = await runCli(['--version'], {env})
    expect(shared.stderr).toBe('payctl: script core, code cache rejected or missing\n')
    chmodSync(folder, 0o700)
    const off = await runCli(['--version'], {
      env: {...env, TMPDIR: mkdtempSync(join(tmp, 'off-')), PAYCTL_CODE_CACHE: '0'},
    })
    expect(off.code).toBe(0)
    expect(
      readdirSync(join(tmp))
        .filter(name => name.startsWith('off-'))
        .flatMap(d => readdirSync(join(tmp, d))),
    ).toEqual([])
  })
})
