import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {runCli} from '../helpers/cli.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'
import {CTRL_C, useProxiedHome} from '../helpers/holding-proxy.js'
import {runCliInTty} from '../helpers/tty.js'
import {writeCsv} from '../import/helpers.js'

/**
 * Ctrl-C typed at a terminal (a pseudo-terminal: the byte 0x03 becomes SIGINT only while the terminal keeps
 * its signal keys, i.e. no spinner put it in raw mode) stops every long command after the request in flight,
 * exit 130, and a re-run picks up where it stopped.
 */

const ctx = useEmulator()
const fx = useProxiedHome()

const envFor = (origin: string) => ({...fx.home.env, PAYCTL_ORIGIN: origin, PAYCTL_API_KEY: FULL})

async function v1Ids(): Promise<string[]> {
  const ids: string[] = []
  for (let offset = 0; ; offset += 100) {
    const page = (await ctx.api.get(`/api/v1/payouts?limit=100&offset=${offset}`)).body as Array<{customId: string}>
    ids.push(...page.map(p => p.customId))
    if (page.length < 100) return ids
  }
}

describe('Ctrl-C on a terminal', () => {
  it('payouts import: stops after the chunk in flight, exit 130; the re-run resumes and every row exists once', async () => {
    const csv = join(fx.home.dir, 'five.csv')
    const rows = writeCsv(csv, 500)
    let batches = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'POST' && request.url.startsWith('/api/v2/payouts/batch') && ++batches === 2,
    })
    const release = fx.proxy.release
    const env = envFor(fx.proxy.origin)
    const first = await runCliInTty(['payouts', 'import', csv, '--concurrency', '1'], {
      env,
      steps: [
        {when: /Importing five\.csv: 100 of 500 rows/, send: CTRL_C},
        {when: 'Stopping after the chunks in flight', run: release},
      ],
    })
    expect(first.code, first.output).toBe(130)
    expect(first.output).toMatch(/INTERRUPTED: interrupted; 200 of 500 rows done; re-run the same command to resume/)
    expect(await v1Ids()).toHaveLength(200)

    const again = await runCli(['payouts', 'import', csv], {env})
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain('Resuming: 200 rows of five.csv are in already')
    expect((await v1Ids()).sort()).toEqual([...rows].sort())
  })

  it('payouts list --all -o csv, oldest first: Ctrl-C ends the page in flight, what was written is whole, exit 130; --offset from the hint appends the rest without a second header', async () => {
    for (let batch = 0; batch < 3; batch++) {
      const res = await ctx.api.post('/api/v2/payouts/batch', {
        items: Array.from({length: 100}, (_, i) => ({
          description: 'x',
          amount: '1.00',
          currency: 'EUR',
          customId: `l-${batch * 100 + i}`,
          recipient: {type: 'email', email: `u${i}@example.com`},
        })),
      })
      expect(res.status, res.text).toBe(200)
    }
    let pages = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'GET' && request.url.startsWith('/api/v1/payouts') && ++pages === 2,
    })
    const env = envFor(fx.proxy.origin)
    const args = ['payouts', 'list', '--all', '--order', 'asc', '--output', 'csv']
    // An export typed at a terminal: stdout to a file, Ctrl-C from the keyboard. (A terminal discards output it
    // has not shown yet when Ctrl-C is typed, so the file, not the screen, is what a person keeps.)
    const file = join(fx.home.dir, 'export.csv')
    const first = await runCliInTty(args, {
      env,
      stdoutFile: file,
      steps: [
        {when: fx.proxy.held, send: CTRL_C},
        {when: 'Stopping: the page being read is cancelled, the pages printed stay', run: fx.proxy.release},
      ],
    })
    expect(first.code, first.output).toBe(130)
    const hint = /interrupted after (\d+) payouts .*resume with --offset (\d+)/.exec(first.output)
    expect(hint, first.output).not.toBeNull()
    const [header, ...listed] = readFileSync(file, 'utf8').trim().split('\n')
    expect(listed).toHaveLength(Number(hint![1]))
    const rest = await runCli([...args, '--offset', hint![2]], {env})
    expect(rest.code, rest.stderr).toBe(0)
    const column = header.split(',').indexOf('customId')
    const restLines = rest.stdout.trim().split('\n')
    expect(restLines).not.toContain(header)
    const ids = [...listed, ...restLines].map(line => line.split(',')[column])
    // Ctrl-C ends the request in flight (issue 34): the first page stays, the held one is read by the resume.
    expect(listed).toHaveLength(100)
    expect(ids).toHaveLength(300)
    expect(new Set(ids).size).toBe(300)
  })

  it('payouts list --all newest first: the interrupted export advises no offset (payouts created since would shift it)', async () => {
    const res = await ctx.api.post('/api/v2/payouts/batch', {
      items: Array.from({length: 100}, (_, i) => ({
        description: 'x',
        amount: '1.00',
        currency: 'EUR',
        customId: `d-${i}`,
        recipient: {type: 'email', email: `u${i}@example.com`},
      })),
    })
    expect(res.status, res.text).toBe(200)
    let pages = 0
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'GET' && request.url.startsWith('/api/v1/payouts') && ++pages === 2,
    })
    const first = await runCliInTty(['payouts', 'list', '--all', '--output', 'csv'], {
      env: envFor(fx.proxy.origin),
      stdoutFile: join(fx.home.dir, 'newest.csv'),
      steps: [
        {when: fx.proxy.held, send: CTRL_C},
        {when: 'Stopping: the page being read is cancelled, the pages printed stay', run: fx.proxy.release},
      ],
    })
    expect(first.code, first.output).toBe(130)
    expect(first.output).not.toMatch(/resume with --offset/)
    expect(first.output).toContain('export with --order asc (an offset that cannot shift)')
  })

  it('webhooks listen --register: exit 130, the subscription is deleted; a re-run listens again', async () => {
    const env = envFor(ctx.emu.url)
    for (let run = 0; run < 2; run++) {
      const result = await runCliInTty(['webhooks', 'listen', '--register', '--port', '0'], {
        env,
        steps: [{when: 'Press Ctrl-C to stop', send: CTRL_C}],
      })
      expect(result.code, result.output).toBe(130)
      expect(result.output).toMatch(/Deleted webhook subscription/)
      expect((await ctx.api.get('/api/v1/webhook')).body).toEqual([])
    }
  })

  it('emulator start: Ctrl-C stops it with exit 130', async () => {
    const result = await runCliInTty(['emulator', 'start', '--port', '0', '--data', ':memory:'], {
      env: fx.home.env,
      steps: [{when: 'Press Ctrl-C to stop', send: CTRL_C}],
    })
    expect(result.code, result.output).toBe(130)
    expect(result.output).toContain('Emulator stopped (SIGINT).')
  })

  it('auth login: Ctrl-C while waiting for the browser exits 130 and stores nothing', async () => {
    const result = await runCliInTty(['auth', 'login'], {
      env: {...fx.home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_BROWSER: 'none'},
      steps: [{when: 'for the browser to come back', send: CTRL_C}],
    })
    expect(result.code, result.output).toBe(130)
    expect(result.output).toContain('INTERRUPTED')
    const status = await runCli(['auth', 'status', '--json'], {env: {...fx.home.env, PAYCTL_ORIGIN: ctx.emu.url}})
    expect(status.stdout).not.toContain('oauth')
  })

  it('a terminal reporting 0 columns gets plain progress lines, not a flood of escape codes', async () => {
    const csv = join(fx.home.dir, 'narrow.csv')
    writeCsv(csv, 300)
    const result = await runCliInTty(['payouts', 'import', csv], {env: envFor(ctx.emu.url), columns: 0})
    expect(result.code, result.output.slice(-2000)).toBe(0)
    expect(result.output).toMatch(/Created: +300/)
    expect(result.rawBytes).toBeLessThan(20_000)
  })
})
