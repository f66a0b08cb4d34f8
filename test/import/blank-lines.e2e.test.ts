import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'

/**
 * Blank lines are skipped by the CSV parser itself (skip_empty_lines) and still counted for the line numbers of
 * the rows after them. The time and memory of 3,000,000 blank lines are measured by hand (docs/decisions.md);
 * here, the result on a file with many of them, and the line numbers.
 */

const HEADER = 'description,amount,currency,recipientEmail'

async function dryRun(content: string, json = false) {
  const home = isolatedHome()
  const file = join(home.dir, 'payouts.csv')
  writeFileSync(file, content)
  return runCli(['payouts', 'import', file, '--dry-run', '--offline', ...(json ? ['--json'] : [])], {
    env: home.env,
    timeoutMs: 60_000,
  })
}

describe('blank lines', () => {
  it('300,000 blank lines between two valid rows: the 2 rows, exit 0', async () => {
    const res = await dryRun(
      `${HEADER}\nFee,5,EUR,a@example.com\n${'\n'.repeat(300_000)}Fee,6,EUR,b@example.com\n`,
      true,
    )
    expect(res.code, res.stderr).toBe(0)
    expect(JSON.parse(res.stdout)).toMatchObject({rows: 2, valid: 2, invalid: 0})
  }, 60_000)

  it('rows after blank lines (LF, CRLF, at the start, in runs) keep their line numbers', async () => {
    const res = await dryRun(
      `${HEADER}\r\n\r\n\r\nFee,5,EUR,a@example.com\r\n\r\n,,,\r\n\r\nFee,x,EUR,b@example.com\r\n\r\n\r\n"Fee",y,EUR,c@example.com\r\n`,
    )
    expect(res.code).toBe(6)
    expect(res.stdout + res.stderr).toMatch(/^line 8, column amount: /m)
    expect(res.stdout + res.stderr).toMatch(/^line 11, column amount: /m)
  })

  it('a syntax error after blank lines is named by its own line', async () => {
    const res = await dryRun(`${HEADER}\nFee,5,EUR,a@example.com\n\n\n\n"bad"x,1,EUR,b@example.com\n`)
    expect(res.code).toBe(6)
    expect(res.stdout + res.stderr).toMatch(/^line 6: CSV syntax: /m)
  })
})
