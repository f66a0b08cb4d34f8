import {execFileSync, spawnSync} from 'node:child_process'
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/cli.js'

/**
 * scripts/exe/macho.js, which checks and signs the darwin executables without a Mac (issue 44), on a small Mach-O
 * made here: CI (.ci/exe.sh) runs it on the real files and compares its signature with Bun's own.
 */
const MACHO = join(ROOT, 'scripts', 'exe', 'macho.js')
const CODE_END = 0x4010

/** A 64-bit arm64 executable: __TEXT with __text, __LINKEDIT, LC_MAIN at `entry`, an empty LC_CODE_SIGNATURE. */
function machO(entry = 0x1000): Buffer {
  const file = Buffer.alloc(CODE_END + 16)
  for (let i = 0x400; i < CODE_END; i++) file[i] = (i * 7) & 0xff
  let at = 0
  const u32 = (value: number) => {
    at = file.writeUInt32LE(value, at)
  }
  const u64 = (value: number) => {
    at = file.writeBigUInt64LE(BigInt(value), at)
  }
  const name = (text: string) => {
    file.write(text, at, 'latin1')
    at += 16
  }
  for (const value of [0xfeedfacf, 0x0100000c, 0, 2, 4, 152 + 72 + 24 + 16, 0, 0]) u32(value)
  u32(0x19)
  u32(152)
  name('__TEXT')
  for (const value of [0x100000000, 0x4000, 0, 0x4000]) u64(value)
  for (const value of [5, 5, 1, 0]) u32(value)
  name('__text')
  name('__TEXT')
  u64(0x100001000)
  u64(0x100)
  for (const value of [0x1000, 2, 0, 0, 0x80000400, 0, 0, 0]) u32(value)
  u32(0x19)
  u32(72)
  name('__LINKEDIT')
  for (const value of [0x100004000, 0x4000, 0x4000, file.length - 0x4000]) u64(value)
  for (const value of [1, 1, 0, 0]) u32(value)
  u32(0x80000028)
  u32(24)
  u64(entry)
  u64(0)
  for (const value of [0x1d, 16, CODE_END, 16]) u32(value)
  return file
}

function macho(...args: string[]) {
  const run = spawnSync(process.execPath, [MACHO, ...args], {encoding: 'utf8'})
  return {code: run.status, out: run.stdout + run.stderr}
}

describe('scripts/exe/macho.js', () => {
  const dir = mkdtempSync(join(tmpdir(), 'payctl-macho-'))
  const file = join(dir, 'payctl')

  it('signs a file ad hoc, and the check recomputes every page hash', () => {
    writeFileSync(file, machO())
    expect(macho('check', file, 'arm64')).toMatchObject({code: 1, out: expect.stringContaining('holds no signature')})
    execFileSync(process.execPath, [MACHO, 'sign', file, 'payctl'])
    const checked = macho('check', file, 'arm64')
    expect(checked.out).toMatch(/LC_MAIN at 0x1000 in __TEXT,__text, ad-hoc signature "payctl" over 5 pages/)
    expect(checked.code).toBe(0)
    expect(macho('check', file, 'x64')).toMatchObject({code: 1, out: expect.stringContaining('not x64')})

    const changed = readFileSync(file)
    changed[0x2345] ^= 1
    writeFileSync(file, changed)
    expect(macho('check', file, 'arm64')).toMatchObject({code: 1, out: expect.stringContaining('1 of 5 page hashes')})
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('tail')]))
    expect(macho('check', file, 'arm64').out).toContain('bytes after the signature')
  })

  it('refuses an entry point outside __TEXT,__text', () => {
    writeFileSync(file, machO(0x3000))
    execFileSync(process.execPath, [MACHO, 'sign', file, 'payctl'])
    expect(macho('check', file, 'arm64')).toMatchObject({
      code: 1,
      out: expect.stringContaining('outside __TEXT,__text'),
    })
  })
})
