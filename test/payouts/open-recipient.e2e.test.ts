import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * A recipient type payctl does not know (the enum is open, spec section 9), from a server that is not our
 * emulator (which cannot answer one): a local HTTP server on 127.0.0.1 answers the v2 payout.
 */

const ID = 'payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'
const payout = (recipient: Record<string, unknown>) => ({
  object: 'payout',
  id: ID,
  status: 'created',
  description: 'Royalties',
  amount: '12.50',
  currency: 'EUR',
  recipient,
  createdAt: '2026-11-20T10:00:00.000Z',
  newFieldNobodyKnows: {nested: true},
})

const server = new FakeServer()
let env: Record<string, string>

beforeAll(async () => {
  await server.start()
})
afterAll(async () => {
  await server.stop()
})
beforeEach(() => {
  env = {...isolatedHome().env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_sandbox_test'}
})

const answer = (recipient: Record<string, unknown>) => {
  server.fallback = (_req, res) => json(res, 200, payout(recipient))
}

describe('an unknown recipient type', () => {
  it('payouts get shows the type and its identifying value, never "-"', async () => {
    answer({type: 'wallet', address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984'})
    const result = await runCommand(['payouts', 'get', ID], {env})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^Recipient:\s+wallet 0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984$/m)
  })

  it('a type alone still names the type', async () => {
    answer({type: 'iban_account'})
    const result = await runCommand(['payouts', 'get', ID], {env})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^Recipient:\s+iban_account$/m)
  })

  it('--json keeps the recipient and the unknown fields as the server sent them', async () => {
    answer({type: 'wallet', address: '0xabc', network: 'base'})
    const result = await runCommand(['payouts', 'get', ID, '--json'], {env})
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({
      recipient: {type: 'wallet', address: '0xabc', network: 'base'},
      newFieldNobodyKnows: {nested: true},
    })
  })
})
