import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {runCliInTty} from '../helpers/tty.js'

/** The first errors a person meets, in a pseudo-terminal with colour on (issue #34, items 6 and 12). */

const home = isolatedHome()
const colour = () => ({...home.env, NO_COLOR: '', FORCE_COLOR: '1'})

describe('usage errors in a colour terminal', () => {
  it('payouts create without flags, its output to a file: one plain line naming each --flag, no escape codes', async () => {
    // With stdout at the terminal too, payouts create asks for what is missing (interactive-create.test.ts).
    const stdoutFile = join(mkdtempSync(join(tmpdir(), 'payctl-first-')), 'out.txt')
    const result = await runCliInTty(['payouts', 'create'], {env: colour(), stdoutFile})
    expect(result.code).toBe(2)
    expect(result.output).not.toContain('\\x1b')
    expect(result.output).toContain(
      'Error: USAGE: Missing required flag --amount; Missing required flag --currency; Missing required flag --description;',
    )
  })

  it('profiles add without flags: the same', async () => {
    const result = await runCliInTty(['profiles', 'add', 'x'], {env: colour()})
    expect(result.code).toBe(2)
    expect(result.output).not.toContain('\\x1b')
    expect(result.output).toContain('Missing required flag --environment; Missing required flag --origin;')
  })

  it('a mistyped flag gets a did-you-mean, nothing runs', async () => {
    const result = await runCliInTty(['payouts', 'list', '--limt', '5'], {env: colour()})
    expect(result.code).toBe(2)
    expect(result.output).toContain('Error: USAGE: Nonexistent flag: --limt; did you mean "--limit"?')
    const far = await runCliInTty(['payouts', 'list', '--zzzzzz'], {env: colour()})
    expect(far.output).not.toContain('did you mean')
  })
})
