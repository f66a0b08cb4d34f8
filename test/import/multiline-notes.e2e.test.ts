import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2} from './helpers.js'

/**
 * One rule for free text, from src/contract: a line break inside a quoted note is text (a LibreOffice export of a
 * spreadsheet whose notes span lines), an escape code is not. The dry run and the service agree on both.
 */

vi.setConfig({testTimeout: 120_000})

const ctx = useEmulator()
let home: ReturnType<typeof isolatedHome>
let env: Record<string, string>

beforeEach(() => {
  home = isolatedHome()
  env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
})

const writeFile = (name: string, text: string) => {
  const path = join(home.dir, name)
  writeFileSync(path, text)
  return path
}

const HEADER = 'customId,description,amount,currency,email'
const rows = (notes: string[]) =>
  notes.map((note, i) => `n-${i + 1},"${note}",${i + 1}.00,EUR,r${i + 1}@example.com`).join('\r\n')

describe('payouts import: multi-line notes', () => {
  it('a LibreOffice export with line breaks inside quoted notes passes the dry run and imports whole', async () => {
    const notes = [
      'Royalties',
      'Łukasz Żółć\nsecond line of the note',
      'Mixing',
      'Stems\r\nand a CRLF line',
      'Tab\there',
      'Art',
      'Master',
    ]
    const file = writeFile('notes.csv', `${HEADER}\r\n${rows(notes)}\r\n`)
    const dry = await runCommand(['payouts', 'import', file, '--dry-run', '--json'], {env})
    expect(dry.code, dry.stderr).toBe(0)
    expect(JSON.parse(dry.stdout)).toMatchObject({rows: 7, valid: 7, invalid: 0})
    const real = await runCommand(['payouts', 'import', file, '--json'], {env})
    expect(real.code, real.stderr).toBe(0)
    const stored = new Map((await allPayoutsV2(ctx.emu.url, FULL)).map(p => [p.customId, p.description]))
    expect(notes.map((_, i) => stored.get(`n-${i + 1}`))).toEqual(notes)
  })

  it('an escape code in a note is refused by the dry run and by the import, line and column named, nothing sent', async () => {
    const file = writeFile('esc.csv', `${HEADER}\n${rows(['fine', 'red \u001b[31malert'])}\n`)
    for (const args of [['--dry-run'], []]) {
      const result = await runCommand(['payouts', 'import', file, ...args], {env})
      expect(result.code, result.stderr).toBe(6)
      expect(result.stderr + result.stdout).toMatch(/line 3.*description|description.*line 3/s)
      expect(result.stderr + result.stdout).toContain('U+001B')
    }
    expect(await allPayoutsV2(ctx.emu.url, FULL)).toHaveLength(0)
  })

  it('a line break in a customId is refused by the dry run (the service refuses it too)', async () => {
    const file = writeFile('id.csv', `${HEADER}\n"a\nb",note,1.00,EUR,a@example.com\n`)
    const dry = await runCommand(['payouts', 'import', file, '--dry-run', '--json'], {env})
    expect(dry.code).toBe(6)
    expect(JSON.parse(dry.stdout).errors[0]).toMatchObject({line: 2, column: 'customId'})
  })
})

describe('payouts import: the service decides the minimum', () => {
  it('an amount below the minimum passes the dry run, and the failed row names the minimum the service gave', async () => {
    const file = writeFile('small.csv', `${HEADER}\nm-1,fine,1.00,EUR,a@example.com\nm-2,tiny,0.05,EUR,b@example.com\n`)
    const dry = await runCommand(['payouts', 'import', file, '--dry-run', '--json'], {env})
    expect(JSON.parse(dry.stdout)).toMatchObject({valid: 2, invalid: 0})
    const real = await runCommand(['payouts', 'import', file], {env})
    expect(real.code).toBe(8)
    expect(real.stdout + real.stderr).toMatch(/m-2[\s\S]*0\.1/)
  })
})
