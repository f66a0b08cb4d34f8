import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome, ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * README's operator's loop runs as written with the files shipped in examples/ (issue #34, item 9): each command
 * exits as its comment says (`exit 8`), else 0.
 */

const ctx = useEmulator()
const home = isolatedHome()
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')

/** The words of a README command line: single and double quotes group, as in a shell. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(m => m[1] ?? m[2] ?? m[3])
}

function walkthrough(): Array<{args: string[]; exit: number; line: string}> {
  const from = README.indexOf('Against the emulator, in `examples/`:')
  expect(from, 'the walkthrough in README').toBeGreaterThan(0)
  const block = README.slice(README.indexOf('```sh\n', from) + 6, README.indexOf('\n```', from + 50))
  return block.split('\n').map(line => {
    const [command, comment = ''] = line.split(/\s+# /)
    const args = words(command).slice(1)
    const file = args.findIndex(arg => arg.endsWith('.csv'))
    if (file >= 0) args[file] = join(ROOT, 'examples', args[file])
    const exit = /exit (\d+)(?!.*exit \d)/.exec(comment)
    return {args, exit: exit ? Number(exit[1]) : 0, line}
  })
}

describe('README walkthrough', () => {
  it('every command of the operator’s loop works with the shipped examples', async () => {
    const steps = walkthrough()
    expect(steps.length).toBeGreaterThanOrEqual(6)
    for (const {args, exit, line} of steps) {
      const result = await runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}})
      expect(result.code, `${line}\n${result.stderr}`).toBe(exit)
    }
  })

  it('the Test paragraph ends before the exit-code table, which README has once', () => {
    const test = README.slice(README.indexOf('## Test'), README.indexOf('## Quick start'))
    expect(test).not.toMatch(/^\| \d+ \|/m)
    expect(README.match(/^\| 130 \|/gm)).toHaveLength(1)
  })
})
