import {type ChildProcess, spawn, spawnSync} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import {createServer as createHttpServer, type Server} from 'node:http'
import {type AddressInfo, createServer} from 'node:net'
import {join} from 'node:path'
import {request} from 'undici'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {counterpartyBody} from '../emulator/helpers.js'
import {isolatedHome, ROOT} from '../helpers/cli.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * payctl's flows through @stoplight/prism-cli's validation proxy (`prism proxy docs/openapi.json <emulator>
 * --errors`): every request payctl sends and every answer the emulator gives is checked against the document by
 * a validator we did not write. Prism runs with a preload that refuses and reports any connection beyond the
 * loopback interface.
 */

const DOCUMENT = join(ROOT, 'docs', 'openapi.json')
const PRISM = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js')
const LOOPBACK_ONLY = join(ROOT, 'test', 'helpers', 'loopback-only.cjs')

const ctx = useEmulator({reset: false})
let prism: ChildProcess
let prismUrl: string
let log = ''
/** Set by a test: rewrites the next JSON answer to `path` on its way from the emulator to prism. */
let tamper: {path: string; edit: (body: Record<string, unknown>) => unknown} | undefined
const home = isolatedHome()

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as {port: number}
  await new Promise(resolve => server.close(resolve))
  return port
}

/** Prism's complaints: what it reports about a request or an answer the document does not allow. */
const violations = (text: string) => text.split('\n').filter(line => /Violation|✖|OFF-LOOPBACK/.test(line))

/** Runs `payctl ...` against prism, the full key, and returns what prism logged meanwhile. */
async function payctl(...args: string[]) {
  const mark = log.length
  const result = await runCommand(args, {
    env: {...home.env, PAYCTL_ORIGIN: prismUrl, PAYCTL_API_KEY: LOCAL_EMULATOR.fullKey, PAYCTL_BROWSER: 'none'},
  })
  await new Promise(resolve => setTimeout(resolve, 50))
  return {...result, prism: violations(log.slice(mark))}
}

/** `payctl ... --json`, which must succeed with nothing for prism to complain about. */
async function ok(...args: string[]) {
  const result = await payctl(...args, '--json')
  expect({args, code: result.code, stderr: result.stderr, prism: result.prism}).toEqual({
    args,
    code: 0,
    stderr: expect.any(String),
    prism: [],
  })
  return result.stdout.trim() ? JSON.parse(result.stdout) : undefined
}

/** Between prism and the emulator: passes everything through, and applies `tamper` once when a test sets it. */
async function startTamperingHop(target: string): Promise<Server> {
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', async () => {
      const {host: _, connection: __, ...headers} = req.headers
      const body = Buffer.concat(chunks)
      const upstream = await request(new URL(req.url ?? '/', target), {
        method: req.method as 'GET',
        headers,
        body: body.length ? body : undefined,
      })
      let text = await upstream.body.text()
      if (tamper && req.url === tamper.path) {
        text = JSON.stringify(tamper.edit(JSON.parse(text)))
        tamper = undefined
      }
      res.writeHead(upstream.statusCode, {'content-type': String(upstream.headers['content-type'])})
      res.end(text)
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return server
}

let hop: Server

beforeAll(async () => {
  hop = await startTamperingHop(ctx.url)
  const upstream = `http://127.0.0.1:${(hop.address() as AddressInfo).port}`
  const port = await freePort()
  prismUrl = `http://127.0.0.1:${port}`
  prism = spawn(
    process.execPath,
    [
      '--require',
      LOOPBACK_ONLY,
      PRISM,
      'proxy',
      DOCUMENT,
      upstream,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, NO_COLOR: '1', FORCE_COLOR: '0'}},
  )
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString()
      if (/Prism is listening/.test(log)) resolve()
    }
    prism.stdout?.on('data', onData)
    prism.stderr?.on('data', onData)
    prism.on('exit', code => reject(new Error(`prism exited (${code}):\n${log}`)))
  })
  await listening
})

afterAll(async () => {
  prism?.kill()
  hop?.closeAllConnections()
  hop?.close()
})

describe('payctl through the prism validation proxy', () => {
  it('every flow passes the document, both ways', {timeout: 240_000}, async () => {
    const BACK = ['--redirect-url', 'https://example.com/back']
    const eur = (amount: string, description: string) => [
      '--amount',
      amount,
      '--currency',
      'EUR',
      '--description',
      description,
    ]

    const payouts = async () => {
      const v1 = await ok(
        'payouts',
        'create',
        '--api',
        'v1',
        ...eur('10.00', 'v1 note'),
        '--email',
        'ada@example.com',
        '--custom-id',
        'v1-prism',
      )
      const v2 = await ok(
        'payouts',
        'create',
        ...eur('12.50', 'two\nlines'),
        '--email',
        'bea@example.com',
        '--tag',
        'prism',
      )
      await ok('payouts', 'get', v1.id)
      await ok('payouts', 'get', v2.id)
      await ok('payouts', 'list', '--api', 'v1', '--limit', '5')
      await ok('payouts', 'list', '--status', 'created')
      await ok('payouts', 'update', v2.id, '--description', 'updated')
      await ok('sessions', 'payout', '--payout', v2.id, ...BACK)
      await ok('sessions', 'approval', '--payout', v1.id, ...BACK)
      await ok('payouts', 'approve', v2.id, '-y')
      await ok('payouts', 'send-claim-link', v2.id)
      await ok('payouts', 'delete', v1.id, '-y')
    }

    const counterparties = async () => {
      const body = join(home.dir, 'counterparty.json')
      writeFileSync(body, JSON.stringify(counterpartyBody()))
      const counterparty = await ok('counterparties', 'create', '--from-file', body)
      await ok('counterparties', 'get', counterparty.id)
      await ok('counterparties', 'list')
      await ok('counterparties', 'countries')
      await ok('counterparties', 'payment-method-types')
      const direct = await ok('payouts', 'create', ...eur('3.00', 'direct'), '--counterparty', counterparty.id)
      await ok('payouts', 'approve', direct.id, '-y')
      await ok('payouts', 'pay', direct.id, '-y')
      await ok('transactions', 'list', '--type', 'payout', '--currency', 'EUR')
    }

    const importing = async () => {
      const csv = join(home.dir, 'payouts.csv')
      writeFileSync(
        csv,
        'customId,description,amount,currency,recipientEmail\nprism-1,"first line\nsecond line",5.00,EUR,dee@example.com\nprism-2,Thumbnails,7.25,EUR,eve@example.com\n',
      )
      await ok('payouts', 'import', csv, '-y')
    }

    const team = async () => {
      await ok('team', 'get')
      await ok('team', 'accounts')
      await ok('team', 'update', '--dac7-reporting', 'true', '-y')
      await ok('team', 'deposit', '--amount', '100.00', '--currency', 'EUR')
      await ok('transactions', 'list', '--type', 'deposit', '--currency', 'EUR')
      await ok('sessions', 'kyb', ...BACK)
      await ok('sessions', 'allowance', ...BACK)
    }

    const webhooks = async () => {
      const hook = await ok('webhooks', 'create', '--url', 'http://127.0.0.1:9/hook')
      await ok('webhooks', 'list')
      await ok('webhooks', 'delete', hook.id, '-y')
    }

    // payctl runs in this process, one command at a time.
    for (const flow of [payouts, counterparties, importing, team, webhooks]) await flow()
    expect(violations(log)).toEqual([])
  })

  it('would see prism reach beyond the loopback interface', () => {
    const probe = spawnSync(
      process.execPath,
      ['--require', LOOPBACK_ONLY, '-e', "fetch('http://192.0.2.1/').catch(() => undefined)"],
      {encoding: 'utf8', timeout: 20_000},
    )
    expect(violations(probe.stderr)).toEqual(['OFF-LOOPBACK 192.0.2.1:80'])
  })

  it('the emulator serves the document, without credentials', async () => {
    const response = await request(new URL('/api/openapi.json', ctx.url))
    expect(response.statusCode).toBe(200)
    expect(await response.body.json()).toEqual(JSON.parse(readFileSync(DOCUMENT, 'utf8')))
  })

  it('catches a request the document does not allow', async () => {
    const result = await payctl('api', 'POST', '/api/v2/payouts', '-d', '{"amount": 5}')
    expect(result.code).not.toBe(0)
    expect(result.prism.length).toBeGreaterThan(0)
  })

  it('catches an answer whose body the document does not allow', async () => {
    tamper = {path: '/api/v2/team', edit: body => ({...body, id: 42})}
    const result = await payctl('api', 'GET', '/api/v2/team')
    expect(result.prism.length).toBeGreaterThan(0)
  })

  it('catches an answer whose status the document does not allow', async () => {
    await control(ctx.url, 'POST', '/_emulator/faults', {
      method: 'GET',
      path: '/api/v2/team',
      count: 1,
      action: 'status',
      status: 418,
    })
    const result = await payctl('api', 'GET', '/api/v2/team')
    expect(result.code).not.toBe(0)
    expect(result.prism.length).toBeGreaterThan(0)
  })
})
