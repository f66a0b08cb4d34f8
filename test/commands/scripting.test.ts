import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {type Body, FULL, v2Item} from '../emulator/helpers.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/** Output for scripts (--jq, --template, --fields, --quiet, tsv), id forms and resumable exports, end to end. */

const ctx = useEmulator()
let home: {dir: string; env: Record<string, string>}

beforeEach(() => {
  home = isolatedHome()
})

const env = () => ({...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL})
/** In process, but --jq runs in a process: jq-web does not load in a vitest worker. */
const cli = (args: string[]) => (args.includes('--jq') ? runCli : runCommand)(args, {env: env()})
const lines = (text: string) => text.trim().split('\n')

async function threePayouts(): Promise<Body[]> {
  const items = [1, 2, 3].map(n => v2Item({customId: `inv-${n}`, amount: `${n}0.50`}))
  const res = await ctx.api.post('/api/v2/payouts/batch', {items})
  expect(res.status, res.text).toBe(200)
  return res.body.data
}

async function deposits(count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const res = await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: `${i}.00`})
    expect(res.status, res.text).toBe(200)
  }
}

describe('output for scripts', () => {
  it('--jq runs real jq on the --json document; strings print raw', async () => {
    await threePayouts()
    const ids = await cli([
      'payouts',
      'list',
      '--jq',
      '[.[] | select(.amount | tonumber > 15) | .customId] | sort | .[]',
    ])
    expect(ids.code, ids.stderr).toBe(0)
    expect(lines(ids.stdout)).toEqual(['inv-2', 'inv-3'])
    const team = await cli(['team', 'get', '--jq', '{name, n: (.balances | length)}'])
    expect(JSON.parse(team.stdout)).toEqual({name: expect.any(String), n: expect.any(Number)})
    const perLine = await cli(['payouts', 'list', '--api', 'v2', '--all', '-o', 'jsonl', '--jq', '.amount'])
    expect(lines(perLine.stdout).sort()).toEqual(['10.50', '20.50', '30.50'])
  })

  it("a --jq that does not compile exits 2 before any request; a failing one exits 1 with jq's reason", async () => {
    const bad = await cli(['payouts', 'list', '--jq', '.[] | select(', '--profile', 'nope'])
    expect(bad.code).toBe(2)
    expect(lines(bad.stderr)).toHaveLength(1)
    expect(bad.stderr).toMatch(/^Error: USAGE: --jq: syntax error/)
    expect(bad.stdout).toBe('')
    await threePayouts()
    const failing = await cli(['payouts', 'list', '--jq', '.[] | error("stop here")'])
    expect(failing.code).toBe(1)
    expect(failing.stderr).toContain('--jq: stop here')
    const csv = await cli(['payouts', 'list', '-o', 'csv', '--jq', '.'])
    expect(csv.code).toBe(2)
    expect(csv.stderr).toContain('--jq works on JSON')
  })

  it('--template renders each item of a list and a single object', async () => {
    const payouts = await threePayouts()
    const templated = await cli([
      'payouts',
      'list',
      '--api',
      'v2',
      '--template',
      '{{.customId}}\\t{{.amount}} {{.currency}}',
    ])
    expect(lines(templated.stdout).sort()).toEqual(['inv-1\t10.50 EUR', 'inv-2\t20.50 EUR', 'inv-3\t30.50 EUR'])
    const one = await cli(['payouts', 'get', payouts[0].id, '--template', 'id={{.id}} status={{.status}}'])
    expect(one.stdout).toBe(`id=${payouts[0].id} status=created\n`)
  })

  it('--fields picks the columns of tables and the keys of JSON; an unknown column is exit 2', async () => {
    const payouts = await threePayouts()
    const tsv = await cli(['payouts', 'list', '--fields', 'customId,amount,currency'])
    expect(lines(tsv.stdout).sort()).toEqual(['inv-1\t10.50\tEUR', 'inv-2\t20.50\tEUR', 'inv-3\t30.50\tEUR'])
    const picked = JSON.parse((await cli(['payouts', 'get', payouts[1].id, '--fields', 'id,status'])).stdout)
    expect(picked).toEqual({id: payouts[1].id, status: 'created'})
    const unknown = await cli(['payouts', 'list', '--fields', 'id,nope'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('"nope" is not a column here; choose from id, customId')
  })

  it('--quiet prints only ids, of lists and of a created payout', async () => {
    const payouts = await threePayouts()
    const quiet = await cli(['payouts', 'list', '--quiet'])
    expect(lines(quiet.stdout).sort()).toEqual(payouts.map(p => p.id).sort())
    const created = await cli([
      'payouts',
      'create',
      '--amount',
      '5',
      '--currency',
      'EUR',
      '--email',
      'a@example.com',
      '--description',
      'x',
      '--quiet',
    ])
    expect(created.stdout).toMatch(/^payout_[0-9a-f-]{36}\n$/)
  })

  it('piped lists are tab-separated without a header; -o tsv asks for the same', async () => {
    const payouts = await threePayouts()
    const piped = await cli(['payouts', 'list', '--api', 'v2'])
    const rows = lines(piped.stdout).map(line => line.split('\t'))
    expect(rows).toHaveLength(3)
    // The columns of the CSV export, without its header: the recipient by kind, description and tags included.
    expect(rows.every(row => row.length === 11)).toBe(true)
    expect(rows.map(row => row[0]).sort()).toEqual(payouts.map(p => p.id).sort())
    expect(piped.stdout).not.toContain('Custom ID')
    expect((await cli(['payouts', 'list', '-o', 'tsv'])).stdout).toBe((await cli(['payouts', 'list'])).stdout)
  })

  it('-o table and a terminal show the table with its header', async () => {
    await threePayouts()
    const table = await cli(['payouts', 'list', '-o', 'table'])
    expect(table.stdout).toMatch(/^ID\s+Custom ID\s+Status\s+Amount\s+Description\s+Recipient\s+Created$/m)
    const tty = await runCliInTty(['payouts', 'list'], {env: env(), columns: 200})
    expect(tty.output).toMatch(/ID\s+Custom ID\s+Status\s+Amount\s+Description\s+Recipient\s+Created/)
  })

  it('one payout shows one id in tables whichever generation answered (v1 list, v2 list by status)', async () => {
    const [payout] = await threePayouts()
    const v1 = await cli(['payouts', 'list'])
    const v2 = await cli(['payouts', 'list', '--status', 'created'])
    const firstColumn = (text: string) =>
      lines(text)
        .map(line => line.split('\t')[0])
        .sort()
    expect(firstColumn(v1.stdout)).toEqual(firstColumn(v2.stdout))
    expect(firstColumn(v1.stdout)).toContain(payout.id)
  })

  it('csv, --quiet, --template and JSON show the same id as tables, whichever generation answered', async () => {
    const [payout] = await threePayouts()
    const uuid = payout.id.slice('payout_'.length)
    const csv = await cli(['payouts', 'list', '-o', 'csv'])
    expect(csv.stdout).toContain(`${payout.id},inv-1,`)
    expect((await cli(['payouts', 'list', '--quiet'])).stdout).toBe(
      (await cli(['payouts', 'list', '--status', 'created', '--quiet'])).stdout,
    )
    const human = await cli(['payouts', 'get', uuid, '--api', 'v1'])
    expect(human.stdout).toMatch(new RegExp(`^ID:\\s+${payout.id}$`, 'm'))
    const v1Json = JSON.parse((await cli(['payouts', 'get', uuid, '--api', 'v1', '--json'])).stdout)
    expect(v1Json).toMatchObject({id: payout.id, creatorHandle: expect.any(String)})
    const templated = await cli(['payouts', 'list', '-t', '{{.id}}'])
    expect(templated.stdout).toBe((await cli(['payouts', 'list', '--quiet'])).stdout)
    expect(lines(templated.stdout)).toContain(payout.id)
    const listed = JSON.parse((await cli(['payouts', 'list', '--json'])).stdout)
    const filtered = JSON.parse((await cli(['payouts', 'list', '--status', 'created', '--json'])).stdout)
    expect(Array.isArray(listed) && Array.isArray(filtered)).toBe(true)
    expect(listed.map((p: Body) => p.id).sort()).toEqual(filtered.map((p: Body) => p.id).sort())
  })
})

describe('resumable exports', () => {
  it('one page under --json is an array, its position on stderr; --cursor continues it without gaps or repeats', async () => {
    await deposits(5)
    const page = await cli(['transactions', 'list', '--limit', '2', '--json'])
    const first = {data: JSON.parse(page.stdout), ...JSON.parse(page.stderr)}
    expect(first).toMatchObject({written: 2, hasMore: true, nextCursor: expect.any(String)})
    expect(first.data).toHaveLength(2)
    const rest = await cli(['transactions', 'list', '--cursor', first.nextCursor, '--all', '-o', 'jsonl'])
    expect(rest.code, rest.stderr).toBe(0)
    const restIds = lines(rest.stdout).map(line => JSON.parse(line).id)
    const every = JSON.parse((await cli(['transactions', 'list', '--all', '--json'])).stdout).map((t: Body) => t.id)
    expect([...first.data.map((t: Body) => t.id), ...restIds]).toEqual(every)
    expect(rest.stderr).toBe('')
    const limited = await cli(['transactions', 'list', '--limit', '2'])
    expect(limited.stderr).toMatch(/^transactions list: 2 written; continue with --cursor \S+\n$/)
  })

  it('--since and --until bound the window', async () => {
    await deposits(2)
    const future = await cli(['transactions', 'list', '--since', '2999-01-01', '--json'])
    expect(JSON.parse(future.stdout)).toEqual([])
    // An empty list ends with its position as a full one does.
    expect(future.stderr).toBe('{"written":0,"hasMore":false,"nextCursor":null}\n')
    // 2 deposits and the seed's 2.
    const all = await cli(['transactions', 'list', '--since', '2000-01-01', '--json'])
    expect(JSON.parse(all.stdout)).toHaveLength(4)
    expect(all.stderr).toBe('{"written":4,"hasMore":false,"nextCursor":null}\n')
    const past = await cli(['transactions', 'list', '--until', '2000-01-01', '--quiet'])
    expect(past.stdout).toBe('')
    const now = await cli(['transactions', 'list', '--since', '2000-01-01', '--until', '2999-01-01', '--quiet'])
    expect(lines(now.stdout)).toHaveLength(4)
  })
})

describe('an export that fails midway', () => {
  let server: FakeServer
  beforeAll(async () => {
    server = await new FakeServer().start()
  })
  afterAll(async () => server.stop())

  const transaction = (n: number) => ({id: `transaction_${n}`, type: 'deposit', amount: '1.00', currency: 'EUR'})

  it('prints the cursor to continue from, and the re-run with it sends that cursor', async () => {
    server.next(
      (_req, res) =>
        json(res, 200, {object: 'list', data: [transaction(1), transaction(2)], hasMore: true, nextCursor: 'c-2'}),
      (_req, res) => json(res, 400, {error: {code: 'VALIDATION_ERROR', message: 'cursor expired'}}),
    )
    const fakeEnv = {...home.env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'}
    const failed = await runCommand(['transactions', 'list', '--all', '-o', 'jsonl'], {env: fakeEnv})
    expect(failed.code).toBe(6)
    expect(lines(failed.stdout)).toHaveLength(2)
    expect(lines(failed.stderr)[0]).toBe('transactions list: Stopped after 2; continue with --cursor c-2')
    server.next(
      (_req, res) => json(res, 200, {object: 'list', data: [transaction(1)], hasMore: true, nextCursor: 'c-1'}),
      (_req, res) => json(res, 400, {error: {code: 'VALIDATION_ERROR', message: 'cursor expired'}}),
    )
    const asJson = await runCommand(['transactions', 'list', '--all', '-o', 'jsonl', '--json'], {env: fakeEnv})
    expect(asJson.code).toBe(6)
    const [position, error] = lines(asJson.stderr).map(line => JSON.parse(line))
    expect(position).toEqual({written: 1, hasMore: true, nextCursor: 'c-1'})
    expect(error.error.code).toBe('VALIDATION_ERROR')
    server.next((_req, res) => json(res, 200, {object: 'list', data: [transaction(3)], hasMore: false}))
    const resumed = await runCommand(['transactions', 'list', '--all', '-o', 'jsonl', '--cursor', 'c-2'], {
      env: fakeEnv,
    })
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(server.requests.at(-1)?.url).toContain('cursor=c-2')
    expect(JSON.parse(resumed.stdout).id).toBe('transaction_3')
  })
})

describe('payctl api for scripts', () => {
  it('--paginate streams every item of a v1 offset list and of a v2 cursor list as JSON lines', async () => {
    const items = Array.from({length: 5}, (_, i) => v2Item({customId: `p-${i}`}))
    expect((await ctx.api.post('/api/v2/payouts/batch', {items})).status).toBe(200)
    const v1 = await cli(['api', 'GET', '/api/v1/payouts', '--paginate', '-F', 'limit=2', '--jq', '.customId'])
    expect(v1.code, v1.stderr).toBe(0)
    expect(lines(v1.stdout).sort()).toEqual(['p-0', 'p-1', 'p-2', 'p-3', 'p-4'])
    const v2 = await cli(['api', 'GET', '/api/v2/payouts?limit=2', '--paginate'])
    expect(
      lines(v2.stdout)
        .map(line => JSON.parse(line).customId)
        .sort(),
    ).toEqual(['p-0', 'p-1', 'p-2', 'p-3', 'p-4'])
  })

  it('-i prints the status and headers; -f/-F build the body; --input reads it from a file', async () => {
    const head = await cli(['api', 'GET', '/api/v1/team', '-i'])
    const [status, ...rest] = head.stdout.split('\n')
    expect(status).toBe('HTTP 200')
    expect(rest).toContainEqual(expect.stringMatching(/^x-request-id: req_/))
    expect(head.stdout).toMatch(/\n\n\{/)
    const created = await cli([
      'api',
      'POST',
      '/api/v2/payouts',
      '-f',
      'description=May',
      '-f',
      'amount=10.00',
      '-f',
      'currency=EUR',
      '-f',
      'recipient[type]=email',
      '-f',
      'recipient[email]=a@example.com',
      '-f',
      'tags[]=x',
      '-f',
      'customId=42',
      '--jq',
      '[.amount, .recipient.email, .tags[0], .customId] | join(" ")',
    ])
    expect(created.stdout).toBe('10.00 a@example.com x 42\n')
    const typed = await cli([
      'api',
      'PATCH',
      '/api/v1/team',
      '-F',
      'dac7ReportingRequired=true',
      '--jq',
      '.dac7ReportingRequired',
    ])
    expect(typed.stdout).toBe('true\n')
    const file = `${home.dir}/body.json`
    const {writeFileSync} = await import('node:fs')
    writeFileSync(file, JSON.stringify(v2Item({customId: 'from-file'})))
    const fromFile = await cli(['api', 'POST', '/api/v2/payouts', '--input', file, '--jq', '.customId'])
    expect(fromFile.stdout).toBe('from-file\n')
  })

  it('a validation error lists every problem on its one line', async () => {
    const result = await cli(['api', 'POST', '/api/v2/payouts', '-d', '{}'])
    expect(result.code).toBe(6)
    expect(lines(result.stderr)).toHaveLength(1)
    for (const field of ['description:', 'currency:', 'amount:', 'recipient:']) expect(result.stderr).toContain(field)
    expect(result.stderr).not.toContain('more)')
    expect((result.stderr.match(/\(/g) ?? []).length).toBe((result.stderr.match(/\)/g) ?? []).length)
  })
})

describe('help and docs for scripts', () => {
  it('root help lists the global flags and every environment variable; README tables are complete', async () => {
    const {readFileSync, readdirSync, existsSync} = await import('node:fs')
    const {join} = await import('node:path')
    const {ROOT} = await import('../helpers/cli.js')
    const help = await runCli(['--help'])
    const sources = (dir: string): string[] =>
      readdirSync(dir, {withFileTypes: true}).flatMap(e =>
        e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      )
    const code = sources(join(ROOT, 'src'))
      .map(file => readFileSync(file, 'utf8'))
      .join('\n')
    const variables = new Set(code.match(/PAYCTL_[A-Z_]+[A-Z]/g))
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    for (const name of variables) {
      expect(readme, name).toContain(name)
      expect(help.stdout, name).toContain(name)
    }
    for (const flag of ['--jq', '--template', '--fields', '--quiet', '--profile', '--json', '--debug'])
      expect(help.stdout).toContain(flag)
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 130]) expect(readme).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'))
    const files = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files as string[]
    expect(files).toContain('./docs')
    for (const doc of new Set(code.match(/docs\/[a-z-]+\.md/g))) expect(existsSync(join(ROOT, doc)), doc).toBe(true)
  })
})

describe('re-running from cron', () => {
  it("every command's help says whether a re-run is safe, and what to do when it is not", async () => {
    const {readFileSync} = await import('node:fs')
    const {join} = await import('node:path')
    const {ROOT} = await import('../helpers/cli.js')
    const {RERUN} = await import('../../src/cli/help/rerun.js')
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8'))
    for (const id of Object.keys(manifest.commands))
      expect(RERUN[id.replaceAll(':', ' ')], id).toMatch(/re-run|again|Not idempotent/i)
    const approve = await runCli(['payouts', 'approve', '--help'])
    expect(approve.stdout).toMatch(/RE-RUN \(CRON, RETRIES\)\n\s+Safe to re-run with the same --idempotency-key/)
    const create = await runCli(['webhooks', 'create', '--help'])
    expect(create.stdout.replace(/\s+/g, ' ')).toContain(
      'RE-RUN (CRON, RETRIES) Safe to re-run: a URL that has a subscription already is refused (exit 5)',
    )
  })

  it('help fills the examples that name the binary (an EJS tag) and prints every other text as written', async () => {
    const mcp = await runCli(['mcp', '--help'])
    expect(mcp.stdout).toContain('$ payctl mcp --profile local --allow-money')
    expect(mcp.stdout).not.toContain('<%')
    const root = await runCli(['--help'])
    expect(root.stdout).not.toContain('<%')
  })
})

describe('payctl doctor', () => {
  it('passes against the emulator; --json lists every check with its status', async () => {
    const result = await cli(['doctor', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const report = JSON.parse(result.stdout)
    expect(report.ok).toBe(true)
    const byName = Object.fromEntries(report.checks.map((c: Body) => [c.name, c]))
    for (const name of ['runtime', 'credentials file', 'profile', 'credentials', 'reachability', 'clock', 'proxy'])
      expect(byName[name], name).toBeDefined()
    expect(byName.runtime.detail).toMatch(new RegExp(`^Node ${process.versions.node}( |$)`))
    expect(byName.credentials.detail).toContain('PAYCTL_API_KEY')
    expect(byName.reachability.detail).toMatch(/answered GET \/api\/v1\/team in \d+ ms/)
    expect(byName.clock.status).toBe('pass')
    expect(byName.profile.detail).toContain('PAYCTL_ORIGIN overrides the profile')
  })

  it('fails on a readable credentials file (exit 3, with the chmod), warns on proxies, exit 7 when unreachable', async () => {
    const {chmodSync, mkdirSync, writeFileSync} = await import('node:fs')
    const {join} = await import('node:path')
    const dir = home.env.PAYCTL_CONFIG_DIR
    mkdirSync(dir, {recursive: true, mode: 0o700})
    const file = join(dir, 'credentials.json')
    writeFileSync(file, '{"profiles":{}}')
    chmodSync(file, 0o644)
    const loose = await runCommand(['doctor'], {env: {...env(), HTTPS_PROXY: 'http://127.0.0.1:9'}})
    expect(loose.code).toBe(3)
    expect(loose.stdout).toMatch(/^FAIL {2}credentials file: .* has mode 644\n {6}fix: chmod 600 /m)
    expect(loose.stdout).toMatch(/^warn {2}proxy: HTTPS_PROXY set, but payctl connects directly/m)
    expect(loose.stderr).toContain('1 check failed: credentials file')
    chmodSync(file, 0o600)
    const down = await runCommand(['doctor'], {env: {...env(), PAYCTL_ORIGIN: 'http://127.0.0.1:9'}})
    expect(down.code).toBe(7)
    expect(down.stdout).toMatch(/^FAIL {2}reachability: /m)
  })
})
