import {type ChildProcess, spawn} from 'node:child_process'
import {chmodSync, existsSync, readdirSync, statSync} from 'node:fs'
import {createServer, type IncomingHttpHeaders, request} from 'node:http'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {CLI, isolatedHome} from '../helpers/cli.js'
import {FakeServer} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * The `local` profile sends its key only to the emulator this user started: `emulator start` keeps a token in the
 * user's data folder and proves it holds it; an impostor on the port gets no key (nor PAYCTL_API_KEY's), and
 * `emulator start` on a taken port says who holds it.
 */

interface Started {
  child: ChildProcess
  url: string
  port: number
  exited: Promise<number | null>
}

async function startEmulatorProcess(env: Record<string, string>, host = '127.0.0.1'): Promise<Started> {
  const args = ['emulator', 'start', '--host', host, '--port', '0', '--data', ':memory:', '--json']
  const child = spawn(CLI[0], [...CLI.slice(1), ...args], {
    env: {...process.env, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', chunk => {
    stderr += chunk
  })
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
  const lines = createInterface({input: child.stdout!})
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', code => reject(new Error(`emulator exited with ${code}: ${stderr}`)))
  })
  const info = JSON.parse(first) as {url: string; port: number}
  return {child, url: info.url, port: info.port, exited}
}

/**
 * An impostor on 127.0.0.1:`port` that relays every request to the emulator on 127.0.0.2:`port` and answers what it
 * answers, noting the headers it was sent.
 */
async function startRelay(port: number): Promise<{seen: IncomingHttpHeaders[]; close(): Promise<void>}> {
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    seen.push(req.headers)
    const upstream = request(
      {
        host: '127.0.0.2',
        port,
        method: req.method,
        path: req.url,
        headers: {...req.headers, host: `127.0.0.2:${port}`},
      },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>(resolve => server.listen(port, '127.0.0.1', resolve))
  return {seen, close: () => new Promise(resolve => server.close(() => resolve()))}
}

describe('the local profile and the emulator that proves who it is', () => {
  const mine = isolatedHome()
  const theirs = isolatedHome()
  let own: Started
  let other: Started
  /** This user's emulator on 127.0.0.2, which a relay on 127.0.0.1 (same port) stands in front of. */
  let relayed: Started
  const impostor = new FakeServer()

  beforeAll(async () => {
    ;[own, other, relayed] = await Promise.all([
      startEmulatorProcess(mine.env),
      startEmulatorProcess(theirs.env),
      startEmulatorProcess(mine.env, '127.0.0.2'),
    ])
    await impostor.start()
  }, 60_000)
  afterAll(async () => {
    for (const started of [own, other, relayed]) if (started?.child.exitCode === null) started.child.kill('SIGKILL')
    await impostor.stop()
  })

  /** `payouts list` on the local profile pointed at `origin` (as `profiles set local --origin` does). */
  async function listThrough(origin: string, extra: Record<string, string> = {}) {
    const set = await runCommand(['profiles', 'set', 'local', '--origin', origin], {env: mine.env})
    expect(set.code, set.stderr).toBe(0)
    return runCommand(['payouts', 'list', '--json'], {env: {...mine.env, ...extra}})
  }

  it('sends the key to the emulator this user started; its identity file is 0600', async () => {
    const result = await listThrough(own.url)
    expect(result.code, result.stderr).toBe(0)
    const folder = join(mine.env.PAYCTL_DATA_DIR, 'emulator')
    const file = `identity-${own.port}.json`
    expect(readdirSync(folder)).toContain(file)
    expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600)
  })

  it('an impostor on the port gets no key, not even PAYCTL_API_KEY: exit 3, EMULATOR_UNPROVEN', async () => {
    const extras: Array<Record<string, string>> = [{}, {PAYCTL_API_KEY: 'sk_live_a_real_key_0000000000000000'}]
    for (const extra of extras) {
      impostor.requests.length = 0
      const result = await listThrough(impostor.origin, extra)
      expect(result.code, result.stderr).toBe(3)
      expect(JSON.parse(result.stderr).error).toMatchObject({code: 'EMULATOR_UNPROVEN'})
      expect(impostor.requests.map(request => request.url)).toEqual([
        expect.stringMatching(/^\/\.well-known\/payctl-emulator\?nonce=[0-9a-f]{32}$/),
      ])
      expect(JSON.stringify(impostor.requests)).not.toMatch(/sk_|authorization/i)
    }
  })

  it("a relay on 127.0.0.1 of this user's own emulator on 127.0.0.2 (same port) gets no key: the proof is bound to the address", async () => {
    const direct = await listThrough(relayed.url)
    expect(direct.code, direct.stderr).toBe(0)
    const relay = await startRelay(relayed.port)
    try {
      const result = await listThrough(`http://127.0.0.1:${relayed.port}`)
      expect(result.code, result.stderr).toBe(3)
      expect(JSON.parse(result.stderr).error).toMatchObject({code: 'EMULATOR_UNPROVEN'})
      expect(relay.seen).toHaveLength(1)
      expect(JSON.stringify(relay.seen)).not.toMatch(/sk_|authorization/i)
    } finally {
      await relay.close()
    }
  })

  it('an identity file in a folder others can write proves nothing', async () => {
    const folder = join(mine.env.PAYCTL_DATA_DIR, 'emulator')
    chmodSync(folder, 0o777)
    try {
      const result = await listThrough(own.url)
      expect(result.code, result.stderr).toBe(3)
      expect(JSON.parse(result.stderr).error.code).toBe('EMULATOR_UNPROVEN')
    } finally {
      chmodSync(folder, 0o700)
    }
  })

  it("another user's emulator cannot prove it is this user's", async () => {
    const result = await listThrough(other.url)
    expect(result.code, result.stderr).toBe(3)
    expect(JSON.parse(result.stderr).error.message).toContain(`it says pid ${other.child.pid}`)
  })

  it('emulator start on a taken port says who holds it', async () => {
    const start = (port: number, env: Record<string, string>) =>
      runCommand(['emulator', 'start', '--port', String(port), '--data', ':memory:', '--json'], {env})
    const messageOf = (result: {stderr: string}) => JSON.parse(result.stderr).error.message as string
    const byMe = await start(own.port, mine.env)
    expect(byMe.code).toBe(2)
    expect(JSON.parse(byMe.stderr).error.code).toBe('PORT_IN_USE')
    expect(messageOf(byMe)).toContain(`in use by a payctl emulator of yours (pid ${own.child.pid}, data :memory:`)
    expect(messageOf(await start(own.port, theirs.env))).toContain(
      `in use by a payctl emulator started by someone else or with another data folder (it says pid ${own.child.pid})`,
    )
    const port = Number(new URL(impostor.origin).port)
    expect(messageOf(await start(port, mine.env))).toContain('in use by a program that is not a payctl emulator')
  })

  it('a stopped emulator takes its identity file away', async () => {
    const file = join(mine.env.PAYCTL_DATA_DIR, 'emulator', `identity-${own.port}.json`)
    expect(existsSync(file)).toBe(true)
    own.child.kill('SIGTERM')
    expect(await own.exited).toBe(0)
    expect(existsSync(file)).toBe(false)
  })
})
