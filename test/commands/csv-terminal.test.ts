import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCliInTty} from '../helpers/tty.js'

/** `payouts list -o csv`: escape sequences of a payout's fields shown escaped on a terminal, byte-exact into a file. */

const HOSTILE = 'clear\u001b[2J title\u001b]0;pwned\u0007 hidden\u001b[8m'
let server: FakeServer
const home = isolatedHome()
beforeAll(async () => {
  server = await new FakeServer().start()
  server.fallback = (_req, res) =>
    json(res, 200, [{id: 'payout_1', description: HOSTILE, amount: '1.00', currency: 'EUR', status: 'created'}])
})
afterAll(async () => server.stop())

const env = () => ({...home.env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'})

describe('payouts list -o csv', () => {
  it('to a terminal: control characters are printed escaped', async () => {
    const result = await runCliInTty(['payouts', 'list', '-o', 'csv'], {env: env()})
    expect(result.code).toBe(0)
    expect(result.output).toContain('clear\\x1b[2J title\\x1b]0;pwned\\x07 hidden\\x1b[8m')
  })

  it('into a file from a terminal: byte-exact', async () => {
    const file = join(home.dir, 'payouts.csv')
    const result = await runCliInTty(['payouts', 'list', '-o', 'csv'], {env: env(), stdoutFile: file})
    expect(result.code).toBe(0)
    expect(readFileSync(file, 'utf8')).toContain(HOSTILE)
  })
})
