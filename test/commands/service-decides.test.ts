import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {amountProblem} from '../../src/shared/money.js'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * What the service decides is not hardcoded on the client (issue 21, item 6): the amount ceiling, notification
 * values and payout types. The CLI sends what it cannot judge; the service's answer wins either way.
 */

const ctx = useEmulator()
let home: {dir: string; env: Record<string, string>}
let server: FakeServer | undefined

beforeEach(() => {
  home = isolatedHome()
})
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const cli = (args: string[], origin = ctx.emu.url) =>
  runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: origin, PAYCTL_API_KEY: FULL}})

const create = ['payouts', 'create', '--currency', 'EUR', '--description', 'Bonus', '--email', 'ada@example.com']

/** A service that takes any payout and answers it as created: whatever it accepts, the CLI must pass on. */
async function acceptingServer(): Promise<FakeServer> {
  server = await new FakeServer().start()
  server.fallback = (req, res) => {
    const body = JSON.parse(req.body || '{}')
    const v1 = req.url.startsWith('/api/v1/')
    const amount = v1 ? body.payoutAmount : body.amount
    json(res, 200, {
      ...body,
      id: v1 ? '0d9c1f7e-1111-4222-8333-444455556666' : 'payout_0d9c1f7e-1111-4222-8333-444455556666',
      amount,
      status: 'created',
      ...(v1 ? {action: 'created'} : {object: 'payout'}),
    })
  }
  return server
}

describe('the amount ceiling is the service decision', () => {
  it('the client checks the form of an amount, not its size', () => {
    expect(amountProblem('2000000000')).toBeUndefined()
    expect(amountProblem('2000000000', 'EUR', {max: '1000000000'})).toMatch(/above the largest allowed, 1000000000/)
  })

  it('--amount 2000000000 is sent (as 2000000000.00 EUR); a service that takes it creates the payout', async () => {
    const fake = await acceptingServer()
    const result = await cli([...create, '--amount', '2000000000', '--json'], fake.origin)
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({amount: '2000000000.00'})
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({amount: '2000000000.00'})
  })

  it('the emulator, as the service, refuses it: exit 6 with the answer naming the amount', async () => {
    const result = await cli([...create, '--amount', '2000000000'])
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('amount')
    expect(result.stderr).toContain('1000000000')
  })
})

describe('--notifications and --payout-type are open: known values suggested, others passed through', () => {
  it('a value payctl does not know is sent as written', async () => {
    const fake = await acceptingServer()
    const args = [...create, '--amount', '5', '--notifications', 'digest', '--payout-type', 'scheduled', '--json']
    const result = await cli(args, fake.origin)
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({notifications: 'digest', payoutType: 'scheduled'})
  })

  it('the emulator refuses a value it does not take (exit 6 naming the field) and takes the known ones', async () => {
    const refused = await cli([...create, '--amount', '5', '--notifications', 'digest'])
    expect(refused.code).toBe(6)
    expect(refused.stderr).toContain('notifications')
    const advance = await cli([
      ...create.slice(0, 6),
      '--amount',
      '5',
      '--creator-handle',
      '@channel',
      '--verification-method',
      'youtube-channel',
      '--payout-type',
      'advance',
      '--notifications',
      'not-allowed',
      '--json',
    ])
    expect(advance.code, advance.stderr).toBe(0)
    expect(JSON.parse(advance.stdout)).toMatchObject({payoutType: 'advance', notifications: 'not-allowed'})
  })

  it('help names the known values', async () => {
    const help = (await cli(['payouts', 'create', '--help'])).stdout.replace(/\s+/g, ' ')
    expect(help).toContain('--notifications=<value> v1: whether the recipient is notified: allowed, not-allowed')
    expect(help).toContain('--payout-type=<value> v1: manual, manual-immutable, advance or another type')
  })
})
