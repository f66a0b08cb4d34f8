import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome, ROOT} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {type ManyRun, runManyInTty} from '../helpers/tty.js'

/**
 * Issue 53, item 1: at 80 and 120 columns, in a pseudo-terminal, every command's help (examples included), the
 * main outputs and the errors fit the terminal, folded at word boundaries. A word is never broken: every word shown
 * at 80 or 120 columns is a word of the same runs on a terminal wide enough to fold nothing (ids, times and
 * cursors, which differ between runs, compared by their form). The runs share one process per width
 * (test/helpers/one-process.mjs), so that the whole walk costs three starts.
 */

const ctx = useEmulator({reset: false})
const WIDE = 400

interface Command {
  id: string
  hidden?: boolean
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, Command>
}
const commandIds = Object.values(manifest.commands)
  .filter(command => !command.hidden)
  .map(command => command.id)
const topics = [...new Set(commandIds.filter(id => id.includes(':')).map(id => id.split(':')[0]))]
const helps: string[][] = [
  ['--help'],
  ...topics.map(topic => [topic, '--help']),
  ...commandIds.map(id => [...id.split(':'), '--help']),
]

const LONG = 'Licence fee for the autumn catalogue, volume two, with the usual reductions applied'

/** A fresh emulator state and home, the same for every width: what the outputs read and change. */
async function seeded(): Promise<{runs: ManyRun[]; env: Record<string, string>}> {
  await control(ctx.url, 'POST', '/_emulator/reset')
  const home = isolatedHome()
  const env = {...home.env, PAYCTL_ORIGIN: ctx.url, PAYCTL_API_KEY: FULL}
  const made = []
  for (let i = 1; i <= 3; i++)
    made.push(
      await ctx.api.v2Create({
        customId: `autumn-licence-${i}`,
        description: `${LONG} ${i}`,
        recipient: {type: 'email', email: `someone.with.a.rather.long.name${i}@example.com`},
      }),
    )
  const counterparty = await ctx.api.counterparty()
  const hook = await runCommand(['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks/receiver'], {env})
  expect(hook.code, hook.stderr).toBe(0)
  const delivered = await runCommand(['emulator', 'trigger', 'payout.completed'], {env})
  expect(delivered.code, delivered.stderr).toBe(0)
  const file = (name: string) => join(home.dir, name)
  const csv = 'email,amount,currency,description\na@example.com,10.00,EUR,one\nb@example.com,11.00,EUR,two\n'
  const ragged = `customId,description,amount,currency,recipientEmail\nw-1,${LONG},12.50,EUR,a@example.com\nw-2,Desc,12,5,EUR,c@example.com\nw-3,Desc,7.00,EUR,not-an-email\n`
  const [first] = made
  const outputs: string[][] = [
    ['payouts', 'list'],
    ['payouts', 'list', '--api', 'v2', '--limit', '2'],
    ['payouts', 'get', first.id],
    ['team', 'get'],
    ['team', 'accounts'],
    ['transactions', 'list', '--limit', '3'],
    ['counterparties', 'list'],
    ['counterparties', 'get', counterparty.id],
    ['counterparties', 'countries'],
    ['counterparties', 'payment-method-types'],
    ['profiles', 'list'],
    ['profiles', 'show'],
    ['auth', 'status'],
    ['doctor'],
    ['webhooks', 'list'],
    ['emulator', 'deliveries', '--no-follow'],
    ['emulator', 'faults', 'list'],
    ['emulator', 'requests', '--no-follow'],
    ['emulator', 'trigger', 'payout.failed', '--method', 'paypal'],
    ['payouts', 'import', file('ragged.csv'), '--dry-run'],
    ['payouts', 'import', file('quiet.csv'), '--dry-run'],
    ['payouts', 'import', file('quiet.csv')],
    ['payouts', 'import', file('quiet.csv')],
    ['payouts', 'import-status', file('quiet.csv')],
    ['sessions', 'payout', '--payout', first.id],
    ['version'],
    ['payouts', 'approve', first.id, '--yes'],
  ]
  const errors: string[][] = [
    ['payouts', 'approve', first.id, '--yes'],
    ['payouts', 'get', 'abc'],
    ['payouts', '--limit', '1'],
    ['--limit', '5', 'payouts', 'list'],
    ['bogus'],
    ['payouts', 'get', 'payout_00000000-0000-4000-8000-000000000000'],
    ['payouts', 'list', '--fields', 'bogus'],
    ['payouts', 'list', '--status', 'bogus'],
    ['api', 'GET', 'https://other.example.com/x'],
    ['webhooks', 'verify', '--timestamp', '1', '--signature', 'x', file('quiet.csv')],
    ['webhooks', 'delete', 'no-such-subscription'],
    ['payouts', 'create', '--amount', '5', '--currency', 'EUR', '--json'],
    ['emulator', 'clock', 'advance', 'soon'],
    ['webhooks', 'send', '--to', 'http://127.0.0.1:9/hooks/receiver'],
  ]
  const runs: ManyRun[] = [
    {write: [file('ragged.csv'), ragged]},
    {write: [file('quiet.csv'), csv]},
    ...helps.map(argv => ({argv})),
    ...outputs.slice(0, 22).map(argv => ({argv})),
    {write: [file('quiet.csv'), `${csv}c@example.com,12.00,EUR,three\n`]},
    ...outputs.slice(22).map(argv => ({argv})),
    ...errors.map(argv => ({argv})),
  ]
  return {runs, env}
}

/** Ids, times, dates, durations and cursors by their form: they differ between runs, never within a word. */
function normalized(word: string): string {
  return word
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replace(/(?<![\w-])[\w-]{5}\.t[0-9a-z]+\.[\w~-]+\.[\w-]{10}(?![\w-])/g, 'CURSOR')
    .replace(/req_[0-9a-f]{24}/g, 'REQUEST')
    .replace(/payctl-test-\w{6}/g, 'HOME')
    .replace(/\b(PAYOUT|TEAM)-[0-9A-F]{8}\b/g, 'REFERENCE')
    .replace(/whsec_[\w-]+/g, 'SECRET')
    .replace(/\b\d{4}-\d\d-\d\d(T[\d:.]+Z)?/g, 'DATE')
    .replace(/\b\d\d:\d\d(:\d\d)?\b/g, 'TIME')
    .replace(/^\d+$/, 'N')
}

/**
 * The words shown, a list of options (`a|b|c`, folded after a `|`) in its pieces, a key without its colon; a value
 * cut on purpose (a table cell, an id shortened to its first digits: `…`) is not a word.
 */
const wordsOf = (lines: string[]) =>
  lines.flatMap(line =>
    line
      .split(/[\s|]+/)
      .map(word => word.replace(/:$/, ''))
      .filter(word => word && word !== '\\' && !word.includes('…')),
  )

/** Lines wider than the terminal (a JSON line aside: it stays one line for the scripts that read it, the terminal
 * wraps it) and words no wide run shows. */
function problemsOf(run: {argv: string[]; lines: string[]}, columns: number, known: Set<string>): string[] {
  const label = run.argv.join(' ')
  const wide = run.lines.filter(line => [...line].length > columns && !isJson(line))
  const broken = wordsOf(run.lines).filter(word => !known.has(normalized(word)))
  return [
    ...wide.map(line => `${label}: ${[...line].length} columns: ${line}`),
    ...broken.map(word => `${label}: a broken word: ${word}`),
  ]
}

function isJson(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'object'
  } catch {
    return false
  }
}

describe('80 and 120 columns', () => {
  let wide: Awaited<ReturnType<typeof runManyInTty>>
  const widths = new Map<number, Awaited<ReturnType<typeof runManyInTty>>>()

  beforeAll(async () => {
    for (const columns of [WIDE, 80, 120]) {
      const {runs, env} = await seeded()
      const shown = await runManyInTty(runs, {env, columns})
      if (columns === WIDE) wide = shown
      else widths.set(columns, shown)
    }
  }, 300_000)

  it('ran every help and at least 30 outputs and errors at each width', () => {
    for (const shown of [wide, ...widths.values()]) {
      expect(shown.length).toBeGreaterThanOrEqual(helps.length + 30)
      expect(shown.filter(run => run.argv.includes('--help')).every(run => run.code === 0)).toBe(true)
      const codes = shown.map(run => run.code)
      expect(codes.filter(code => code !== 0).length, 'the errors fail').toBeGreaterThanOrEqual(10)
    }
    expect(widths.get(80)!.map(run => run.code)).toEqual(wide.map(run => run.code))
  })

  for (const columns of [80, 120])
    it(`at ${columns}: no line wider than the terminal, no word broken`, () => {
      const shown = widths.get(columns)!
      const known = new Set(wordsOf(wide.flatMap(run => run.lines)).map(normalized))
      const problems = shown.flatMap(run => problemsOf(run, columns, known))
      expect(problems).toEqual([])
    })
})
