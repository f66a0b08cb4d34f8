import {spawnSync} from 'node:child_process'
import {mkdirSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer} from '../helpers/fake-server.js'

/** --since-state FILE that is not a regular file: refused in one line (exit 2) before any read or request. */

let server: FakeServer
let home: ReturnType<typeof isolatedHome>
beforeAll(async () => {
  server = await new FakeServer().start()
})
afterAll(async () => server.stop())
beforeEach(() => {
  home = isolatedHome()
})

const env = () => ({...home.env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'})

describe('--since-state FILE that is not a file', () => {
  it.each([
    ['a FIFO', 'is a named pipe (FIFO), not a file'],
    ['a directory', 'is a directory, not a file'],
    ['/dev/zero', 'is a device, not a file'],
  ])('%s is refused in one line, nothing sent', async (kind, why) => {
    let path = '/dev/zero'
    if (kind === 'a FIFO') {
      path = join(home.dir, 'state.fifo')
      expect(spawnSync('mkfifo', [path]).status).toBe(0)
    } else if (kind === 'a directory') {
      path = join(home.dir, 'state.d')
      mkdirSync(path)
    }
    const before = server.requests.length
    const result = await runCli(['transactions', 'list', '--since-state', path], {env: env(), timeoutMs: 10_000})
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: USAGE: --since-state ${path}: ${path} ${why}\n`)
    expect(result.stdout).toBe('')
    expect(server.requests.length).toBe(before)
  })
})
