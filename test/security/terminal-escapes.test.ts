import {PassThrough} from 'node:stream'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {Output} from '../../src/cli/output/output.js'
import {renderItemStream} from '../../src/cli/output/render-stream.js'
import {compileTemplate} from '../../src/cli/output/template.js'
import {deliveryStream} from '../../src/cli/output/webhook-listen.js'
import type {Delivery} from '../../src/services/webhooks/listener.js'
import {jsonTerminalSafe, terminalSafe} from '../../src/shared/terminal-safe.js'
import {isolatedHome} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'
import {ListenProcess, waitFor} from '../webhooks/listen-process.js'

/** Hostile text as a customId, description or webhook field could carry it (issue #26, item 2). */
const CLEAR = '\u001b[2J'
const TITLE = '\u001b]0;pwned\u0007'
const CONCEAL = '\u001b[8m'
const CR_FORGE = 'x\r-> 200  verified'
const NUL = 'a\u0000b'
const C1 = 'c\u009bd\u0085e'
const BIDI = 'f\u202eg\u2066h'
const HOSTILE = [CLEAR, TITLE, CONCEAL, CR_FORGE, NUL, C1, BIDI].join('|')
const ESCAPED = String.raw`\x1b[2J|\x1b]0;pwned\x07|\x1b[8m|x\r-> 200  verified|a\x00b|c\x9bd\x85e|f\u202eg\u2066h`

/** Issue 54, item 7: what shows nothing or breaks a line without being a control of C0 or C1. */
const INVISIBLE = 'i\u200bj\u200dk\ufeffl\u00adm'
const TAGS = 'n\u{e0041}\u{e007f}o'
const SEPARATORS = 'p\u2028q\u2029r'
const ALM_LRI = 's\u061ct\u2066u'
const STEALTH = [INVISIBLE, TAGS, SEPARATORS, ALM_LRI].join('|')
const STEALTH_ESCAPED = String.raw`i\u200bj\u200dk\ufeffl\xadm|n\u{e0041}\u{e007f}o|p\u2028q\u2029r|s\u061ct\u2066u`

/** No control character, C1 control, bidi control, invisible character or line separator reached the terminal. */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff\u00ad]|\udb40[\udc00-\udc7f]/

function terminalOutput(options: {color?: boolean; tty?: boolean} = {}) {
  const tty = options.tty ?? true
  const stdout = Object.assign(new PassThrough(), {isTTY: tty, columns: 200})
  const stderr = Object.assign(new PassThrough(), {isTTY: tty, columns: 200})
  const read = (stream: PassThrough) => () => String(stream.read() ?? '')
  const env = options.color ? {FORCE_COLOR: '1', TERM: 'xterm'} : {NO_COLOR: '1'}
  return {stdout: read(stdout), stderr: read(stderr), env, streams: {stdout, stderr}}
}

describe('terminalSafe', () => {
  it('escapes C0, DEL, C1 and bidi controls, and nothing else', () => {
    expect(terminalSafe(HOSTILE)).toBe(ESCAPED)
    expect(terminalSafe('tab\there\nnext\u007f')).toBe('tab\\there\\nnext\\x7f')
    expect(terminalSafe('tab\there\nnext', {lines: true})).toBe('tab\there\nnext')
    expect(terminalSafe('Zürich 12,50 € 東京 \\x1b')).toBe('Zürich 12,50 € 東京 \\x1b')
  })

  it('escapes zero-width characters, Unicode tags, ALM, isolates and the line and paragraph separators', () => {
    expect(terminalSafe(STEALTH)).toBe(STEALTH_ESCAPED)
    expect(terminalSafe(STEALTH, {lines: true})).toBe(STEALTH_ESCAPED)
    const json = JSON.stringify({value: `${STEALTH}${C1}\u007f`}, null, 2)
    const safe = jsonTerminalSafe(json)
    expect(safe).not.toMatch(UNSAFE)
    expect(JSON.parse(safe)).toEqual(JSON.parse(json))
    expect(safe.split('\n')).toHaveLength(3)
  })

  it('keeps only the exact styles our palette writes, and only when asked', () => {
    expect(terminalSafe('\u001b[1mbold\u001b[22m\u001b[8m', {ownStyles: true})).toBe('\u001b[1mbold\u001b[22m\\x1b[8m')
    expect(terminalSafe('\u001b[1mbold\u001b[22m')).toBe('\\x1b[1mbold\\x1b[22m')
  })
})

describe('every human renderer escapes hostile text; JSON, jsonl and csv stay byte-faithful', () => {
  const row = {id: 'po_1', customId: HOSTILE, description: HOSTILE}
  const columns = [
    {header: 'ID', value: (r: typeof row) => r.id},
    {header: 'Custom ID', value: (r: typeof row) => r.customId},
  ]

  it('table, key/value, lines, messages, warnings and stderr, with colour on', async () => {
    const t = terminalOutput({color: true})
    const out = new Output({json: false, streams: t.streams, env: t.env})
    await out.table([row], columns)
    out.keyValue([['Description', HOSTILE]], 'Payout')
    out.line(`Created payout ${HOSTILE}`)
    out.info(HOSTILE)
    out.warn(HOSTILE)
    out.stderr(HOSTILE)
    const stdout = t.stdout()
    const stderr = t.stderr()
    const withoutOwnStyles = (text: string) => text.replace(/\u001b\[(1|2|22|33|39)m/g, '')
    expect(withoutOwnStyles(stdout)).not.toMatch(UNSAFE)
    expect(withoutOwnStyles(stderr)).not.toMatch(UNSAFE)
    expect(stdout.split(ESCAPED).length - 1).toBe(3)
    expect(stderr.split(ESCAPED).length - 1).toBe(3)
    expect(stdout).toContain('\u001b[1mPayout\u001b[22m')
  })

  it('table, tsv, csv on a terminal and templates escape zero-width, tag and separator characters', async () => {
    const stealthy = {id: 'po_2', customId: STEALTH, description: STEALTH}
    const t = terminalOutput()
    const out = new Output({json: false, streams: t.streams, env: t.env})
    for (const format of ['table', 'tsv', 'csv'] as const) {
      await out.table([stealthy], columns, format)
      const shown = t.stdout()
      expect(shown, format).not.toMatch(UNSAFE)
      expect(shown, format).toContain(STEALTH_ESCAPED)
    }
    new Output({
      json: true,
      script: {template: compileTemplate('{{.customId}}')},
      streams: t.streams,
      env: t.env,
    }).printJson(stealthy)
    expect(t.stdout()).toBe(`${STEALTH_ESCAPED}\n`)
  })

  it('tsv escapes (it lands on terminals); --template and --jq output escape on a terminal only', async () => {
    const t = terminalOutput()
    const tsv = new Output({json: false, streams: t.streams, env: t.env})
    await tsv.table([row], columns, 'tsv')
    expect(t.stdout()).toBe(`po_1\t${ESCAPED.replace('\\r', ' ')}\n`)
    const template = compileTemplate('{{.customId}}')
    new Output({json: true, script: {template}, streams: t.streams, env: t.env}).printJson(row)
    expect(t.stdout()).toBe(`${ESCAPED}\n`)
    const pipe = terminalOutput({tty: false})
    new Output({json: true, script: {template}, streams: pipe.streams, env: pipe.env}).printJson(row)
    expect(pipe.stdout()).toBe(`${HOSTILE}\n`)
  })

  it('json, jsonl and csv keep every byte (JSON escapes controls itself; csv is exact)', async () => {
    const t = terminalOutput()
    const out = new Output({json: true, streams: t.streams, env: t.env})
    out.printJson(row)
    expect(JSON.parse(t.stdout())).toEqual(row)
    await out.table([row], columns, 'jsonl')
    expect(JSON.parse(t.stdout())).toEqual(row)
    // csv is exact into a pipe or file; on a terminal it is escaped like every other view.
    const pipe = terminalOutput({tty: false})
    await new Output({json: true, streams: pipe.streams, env: pipe.env}).table([row], columns, 'csv')
    expect(pipe.stdout()).toContain(HOSTILE.replaceAll('"', '""'))
  })

  it('a webhooks listen line of a rejected request cannot forge "verified" or hide its verdict', async () => {
    const t = terminalOutput({color: true})
    const out = new Output({json: false, streams: t.streams, env: t.env})
    const delivery: Delivery = {
      receivedAt: new Date().toISOString(),
      verified: false,
      reason: 'missing_signature',
      detail: `${CONCEAL}${CR_FORGE}`,
      status: `${CLEAR}completed`,
      payoutId: TITLE,
      amount: '1.00',
      currency: 'EUR',
      body: {},
      response: 401,
    }
    await renderItemStream(
      out,
      deliveryStream(out, async show => show(delivery)),
    )
    const line = t.stdout()
    expect(line.replace(/\u001b\[(31|32|33|39)m/g, '')).not.toMatch(UNSAFE)
    expect(line).toContain(String.raw`\x1b[2Jcompleted`)
    expect(line).toContain(String.raw`REJECTED missing_signature: \x1b[8mx\r-> 200  verified`)
  })
})

describe('end to end on a terminal', () => {
  // The emulator refuses control characters in what it stores, so a server that is not ours sends them.
  const server = new FakeServer()
  beforeAll(async () => {
    await server.start()
  })
  afterAll(async () => {
    await server.stop()
  })
  let listen: ListenProcess | undefined
  afterEach(async () => {
    await listen?.stop()
    listen = undefined
  })

  it('payouts get and payouts list show a hostile customId and description escaped', async () => {
    const uuid = '0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'
    const common = {amount: '12.50', currency: 'EUR', status: 'created', createdAt: '2026-11-20T10:00:00.000Z'}
    server.fallback = (req, res) =>
      req.url.startsWith('/api/v2/payouts/')
        ? json(res, 200, {
            object: 'payout',
            id: `payout_${uuid}`,
            description: `desc ${CLEAR}${TITLE}${CONCEAL}hidden`,
            ...common,
          })
        : json(res, 200, [{id: uuid, customId: `cr${CR_FORGE}`, description: 'x', tags: [], ...common}])
    const env = {...isolatedHome().env, PAYCTL_API_KEY: 'sk_sandbox_test', PAYCTL_ORIGIN: server.origin}
    const get = await runCliInTty(['payouts', 'get', `payout_${uuid}`], {env})
    expect(get.code, get.output).toBe(0)
    expect(get.output).toContain(String.raw`desc \x1b[2J\x1b]0;pwned\x07\x1b[8mhidden`)
    const list = await runCliInTty(['payouts', 'list'], {env})
    expect(list.code, list.output).toBe(0)
    expect(list.output).toContain(String.raw`crx\r-> 200  verified`)
  })

  it('JSON on a terminal escapes C1 and bidi controls as \\uXXXX (-o json, -o jsonl, api); a pipe gets every byte', async () => {
    const uuid = '0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'
    const description = `pay ${BIDI} ${C1} del\u007f`
    const payout = {
      object: 'payout',
      id: `payout_${uuid}`,
      amount: '1.00',
      currency: 'EUR',
      status: 'created',
      description,
    }
    server.fallback = (req, res) =>
      req.url.startsWith('/api/v2/payouts/') ? json(res, 200, payout) : json(res, 200, [{...payout, id: uuid}])
    const env = {...isolatedHome().env, PAYCTL_API_KEY: 'sk_sandbox_test', PAYCTL_ORIGIN: server.origin}
    const escaped = String.raw`pay f\u202eg\u2066h c\u009bd\u0085e del\u007f`
    for (const args of [
      ['payouts', 'get', `payout_${uuid}`, '-o', 'json'],
      ['payouts', 'list', '-o', 'jsonl'],
      ['api', 'GET', `/api/v2/payouts/payout_${uuid}`],
    ]) {
      const shown = await runCliInTty(args, {env})
      expect(shown.code, shown.output).toBe(0)
      expect(shown.output, args.join(' ')).toContain(escaped)
      expect(shown.output, args.join(' ')).not.toMatch(UNSAFE)
      const piped = await runCommand(args, {env})
      expect(piped.stdout, args.join(' ')).toContain(JSON.stringify(description).slice(1, -1))
    }
  })

  it('the --json error on stderr and the human error line escape C1, DEL, bidi, ALM, zero-width, tags and U+2028', async () => {
    const hostile = `${C1}${BIDI} del\u007f ${STEALTH}`
    server.fallback = (_req, res) => json(res, 400, {error: {code: 'VALIDATION_ERROR', message: `bad ${hostile}`}})
    const env = {...isolatedHome().env, PAYCTL_API_KEY: 'sk_sandbox_test', PAYCTL_ORIGIN: server.origin}
    for (const extra of [['--json'], ['--json', '--debug'], []]) {
      const failed = await runCommand(['payouts', 'list', ...extra], {env})
      expect(failed.code, failed.stderr).toBe(6)
      expect(failed.stderr, extra.join(' ')).not.toMatch(UNSAFE)
      if (extra.length) {
        const lines = failed.stderr
          .trim()
          .split('\n')
          .map(line => JSON.parse(line))
        expect(lines.at(-1).error.message).toBe(`bad ${hostile}`)
      } else expect(failed.stderr).toContain(STEALTH_ESCAPED)
    }
  })

  it('webhooks listen prints the fields of an unsigned, rejected request escaped', async () => {
    listen = await ListenProcess.start(['--secret', 'whsec_dGVzdHNlY3JldA=='], isolatedHome().env)
    const body = JSON.stringify({id: TITLE, status: `${CLEAR}${CR_FORGE}`, amount: '1.00', currency: 'EUR'})
    const answer = await fetch(listen.url, {method: 'POST', body, headers: {'content-type': 'application/json'}})
    expect(answer.status).toBeGreaterThanOrEqual(400)
    const [line] = await listen.waitForLines(1)
    await waitFor(() => line, 'the delivery line')
    expect(line).not.toMatch(UNSAFE)
    expect(line).toContain(String.raw`\x1b[2Jx\r-> 200  verified`)
    expect(line).toContain(String.raw`\x1b]0;pwned\x07`)
    expect(line).toMatch(/REJECTED/)
  })
})
