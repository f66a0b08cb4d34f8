import {chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * Files other people can touch. A `--since-state` FILE, or its folder, that another user owns or can write is
 * refused as ssh refuses such keys (exit 2, one line, nothing sent): a forged state hides what it names, for good.
 * Every file payctl writes goes to a temporary file beside it and is renamed, and a symbolic link at the path is
 * refused (exit 2), so a link planted there cannot make payctl truncate its target. The tests run as root, so
 * "another user" is a file chown'ed to uid 4242.
 */

const ctx = useEmulator()
const OTHER = 4242

const errors = (stderr: string) => stderr.split('\n').filter(line => line.startsWith('Error:'))

let savedText: string | undefined

/** A folder of ours (0700) holding the state of a complete `transactions list` run (run once, then copied). */
async function savedState(): Promise<{folder: string; state: string}> {
  const folder = join(ctx.home.dir, `state-${Math.random().toString(36).slice(2)}`)
  mkdirSync(folder, {mode: 0o700})
  const state = join(folder, 'tx.state')
  if (savedText === undefined) {
    const first = await runCli(['transactions', 'list', '--since-state', state, '--quiet'], {env: ctx.env})
    expect(first.code, first.stderr).toBe(0)
    savedText = readFileSync(state, 'utf8')
  } else writeFileSync(state, savedText, {mode: 0o600})
  return {folder, state}
}

const since = (state: string) => runCli(['transactions', 'list', '--since-state', state, '--quiet'], {env: ctx.env})

describe('--since-state trusts only a file of the user, in a folder no one else can write', () => {
  const cases: Array<[string, (at: {folder: string; state: string}) => void, RegExp]> = [
    ['the file owned by another user', ({state}) => chownSync(state, OTHER, OTHER), /is owned by uid 4242, not by you/],
    ['the file writable by its group', ({state}) => chmodSync(state, 0o620), /is writable by its group \(mode 0620\)/],
    ['the folder writable by every user', ({folder}) => chmodSync(folder, 0o777), /is writable by every user/],
    ['the folder owned by another user', ({folder}) => chownSync(folder, OTHER, OTHER), /is owned by uid 4242/],
  ]
  for (const [name, spoil, why] of cases)
    it(`${name}: exit 2, one line, the file untouched`, async () => {
      const at = await savedState()
      const before = readFileSync(at.state, 'utf8')
      spoil(at)
      const result = await since(at.state)
      expect(result.code, result.stderr).toBe(2)
      expect(errors(result.stderr)).toEqual([expect.stringMatching(/^Error: USAGE: --since-state /)])
      expect(result.stderr).toMatch(why)
      expect(readFileSync(at.state, 'utf8')).toBe(before)
    })

  it('a symbolic link at FILE: exit 2, its target untouched', async () => {
    const {folder, state} = await savedState()
    const link = join(folder, 'link.state')
    symlinkSync(state, link)
    const before = readFileSync(state, 'utf8')
    const result = await since(link)
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toContain(`${link} is a symbolic link`)
    expect(readFileSync(state, 'utf8')).toBe(before)
  })
})

describe('--report FILE', () => {
  const payoutsCsv = () => {
    const file = join(ctx.home.dir, `payouts-${Math.random().toString(36).slice(2)}.csv`)
    writeFileSync(file, 'description,amount,currency,recipientEmail\nFee,5.00,EUR,a@example.com\n')
    return file
  }

  it('a symbolic link at FILE is refused (exit 2) and its target is not truncated', async () => {
    const victim = join(ctx.home.dir, 'victim.txt')
    writeFileSync(victim, 'precious\n')
    const link = join(ctx.home.dir, 'report-link.csv')
    symlinkSync(victim, link)
    const result = await runCli(['payouts', 'import', payoutsCsv(), '--report', link], {env: ctx.env})
    expect(result.code, result.stderr).toBe(2)
    expect(errors(result.stderr)).toEqual([expect.stringContaining(`--report: ${link} is a symbolic link`)])
    expect(readFileSync(victim, 'utf8')).toBe('precious\n')
  })

  it('replaces FILE by a rename: a new file, the old one never truncated in place, no temporary file left', async () => {
    const folder = join(ctx.home.dir, 'reports')
    mkdirSync(folder, {mode: 0o700})
    const report = join(folder, 'report.csv')
    writeFileSync(report, 'an older report\n')
    const before = statSync(report).ino
    const result = await runCli(['payouts', 'import', payoutsCsv(), '--report', report], {env: ctx.env})
    expect(result.code, result.stderr).toBe(0)
    expect(readFileSync(report, 'utf8')).toMatch(/^line,customId,payoutId,status,error\n2,/)
    expect(statSync(report).ino).not.toBe(before)
    expect(statSync(report).mode & 0o777).toBe(0o600)
    expect(readdirSync(folder)).toEqual(['report.csv'])
  })
})

describe('webhooks listen --secret-file FILE', () => {
  it('a symbolic link at FILE is refused (exit 2): its target keeps its text, the subscription is deleted again', async () => {
    const victim = join(ctx.home.dir, 'victim.env')
    writeFileSync(victim, 'DATABASE_URL=postgres://localhost/app\n')
    const link = join(ctx.home.dir, 'app-link.env')
    symlinkSync(victim, link)
    const result = await runCli(['webhooks', 'listen', '--register', '--port', '0', '--secret-file', link], {
      env: ctx.env,
    })
    expect(result.code, result.stderr).toBe(2)
    expect(errors(result.stderr)).toEqual([
      `Error: USAGE: --secret-file: ${link} is a symbolic link; payctl does not write through one; remove the link, or give the path of the file itself`,
    ])
    expect(readFileSync(victim, 'utf8')).toBe('DATABASE_URL=postgres://localhost/app\n')
    expect(result.stderr).toMatch(/Deleted webhook subscription/)
  })
})
