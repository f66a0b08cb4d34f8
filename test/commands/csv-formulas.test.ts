import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {neutralizedCell, restoredCell} from '../../src/shared/csv-formula.js'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Issue 43, item 11, and issue 54, item 8: CSV and TSV exports neutralise formula cells as OWASP advises (spaces
 * before the formula character too, and a `;` of another locale quoted); --csv-formulas keeps them.
 */

const ctx = useEmulator()
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})

describe('formula cells in CSV exports', () => {
  it("payouts list -o csv puts a ' before =, +, -, @ and tab cells, never before a number; --csv-formulas does not", async () => {
    const descriptions = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1+1', 'plain']
    for (const [i, description] of descriptions.entries()) await ctx.api.v2Create({customId: `f-${i}`, description})
    await ctx.api.v2Create({customId: 'phone', recipient: {type: 'phone', phone: '+4915112345678'}})
    const guarded = await runCommand(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv'], {env: env()})
    expect(guarded.code, guarded.stderr).toBe(0)
    for (const expected of [`"'=HYPERLINK(""http://x"",""y"")"`, "'+1+1", "'-2+3", "'@SUM(A1)", "'\t=1+1", ',plain,'])
      expect(guarded.stdout).toContain(expected)
    expect(guarded.stdout).toContain(',+4915112345678,')
    const raw = await runCommand(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv', '--csv-formulas'], {
      env: env(),
    })
    for (const expected of [',+1+1,', ',-2+3,', ',@SUM(A1),', ',"\t=1+1",']) expect(raw.stdout).toContain(expected)
    expect(raw.stdout).not.toContain("'")
  })

  it("-o tsv, asked for or the default in a pipe, puts the same ' before formula cells; --csv-formulas does not", async () => {
    for (const [i, description] of ['=1+1', '@SUM(A1)', '\t-2+3', ' +x', 'fine'].entries())
      await ctx.api.v2Create({customId: `t-${i}`, description})
    const cells = (stdout: string) =>
      stdout
        .trim()
        .split('\n')
        .flatMap(line => line.split('\t'))
    for (const format of [['-o', 'tsv'], []]) {
      const listed = await runCommand(['payouts', 'list', '--api', 'v2', '--all', ...format], {env: env()})
      expect(listed.code, listed.stderr).toBe(0)
      const written = cells(listed.stdout)
      for (const expected of ["'=1+1", "'@SUM(A1)", "' -2+3", "' +x", 'fine']) expect(written).toContain(expected)
      expect(written.filter(cell => /^\s*[=+\-@]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell))).toEqual([])
    }
    const raw = await runCommand(['payouts', 'list', '--api', 'v2', '--all', '-o', 'tsv', '--csv-formulas'], {
      env: env(),
    })
    expect(cells(raw.stdout)).toEqual(expect.arrayContaining(['=1+1', '@SUM(A1)', ' -2+3', ' +x']))
  })

  it('a cell holding ; or a tab is quoted, so that a ; locale does not split off a formula', async () => {
    await ctx.api.v2Create({customId: 'semi', description: 'May;=HYPERLINK("http://x")'})
    await ctx.api.v2Create({customId: 'tab', description: 'May\t=1+1'})
    const listed = await runCommand(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv'], {env: env()})
    expect(listed.stdout).toContain(',"May;=HYPERLINK(""http://x"")",')
    expect(listed.stdout).toContain(',"May\t=1+1",')
    for (const line of listed.stdout.split('\n'))
      for (const piece of line
        .replace(/"(?:[^"]|"")*"/g, '""')
        .split(/[;\t]/)
        .slice(1))
        expect(piece, line).not.toMatch(/^\s*[=+@]/)
  })

  it('an export with formula cells imports back with every row already present', async () => {
    for (const [i, description] of ['=1+1', '+x', '-y', '@z', "'=quoted", ' =1+1', '  @z', 'a;=1'].entries())
      await ctx.api.v2Create({customId: `r-${i}`, description})
    await ctx.api.v2Create({
      customId: 'r-handle',
      recipient: {type: 'email', email: 'a@example.com'},
      description: '@me',
    })
    const listed = await runCommand(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv'], {env: env()})
    expect(listed.stdout).toContain("''=quoted")
    const file = join(isolatedHome().dir, 'export.csv')
    writeFileSync(file, listed.stdout)
    const imported = await runCommand(['payouts', 'import', file, '--json'], {env: {...env(), ...isolatedHome().env}})
    expect(imported.code, imported.stderr).toBe(0)
    expect(JSON.parse(imported.stdout)).toMatchObject({rows: 9, created: 0, updated: 0, alreadyPresent: 9})
  })

  it('restoredCell undoes neutralizedCell for every text; only formula-looking cells change', () => {
    const text = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.constantFrom("'", "''", '=', '+', '-', '@', '\t', '\r', '1', '-1', ' =', "' +", '\u00a0@'),
          fc.string(),
        )
        .map(([a, b]) => a + b),
    )
    fc.assert(
      fc.property(text, value => {
        const cell = neutralizedCell(value)
        expect(restoredCell(cell)).toBe(value)
        expect(cell === value || /^'*\s*[=+\-@\t\r]/.test(value)).toBe(true)
      }),
      {numRuns: 300},
    )
    expect(neutralizedCell('-12.50')).toBe('-12.50')
    expect(neutralizedCell('-')).toBe('-')
    expect(neutralizedCell("'-")).toBe("''-")
    expect(neutralizedCell("'=x")).toBe("''=x")
    expect(restoredCell("'hello")).toBe("'hello")
    expect(neutralizedCell(' =1+1')).toBe("' =1+1")
    expect(restoredCell("' =1+1")).toBe(' =1+1')
  })
})
