import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {type McpSession, ok, useMcpSessions} from './mcp-client.js'

/** The server's stdin is the MCP channel: a call that names its payout by flag only must not read it. */
describe('payctl mcp: calls without a positional id', {timeout: 240_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()
  let session: McpSession | undefined

  it('answers 50 alternating calls with and without positional ids on one server', async () => {
    const home = isolatedHome()
    session = await mcp([], {...home.env, PAYCTL_ORIGIN: ctx.emu.url})
    const created = ok(
      await session.call('payouts_create', {
        amount: '3.00',
        currency: 'EUR',
        description: 'Liner notes',
        email: 'ada@example.com',
        'custom-id': 'stdin-m3',
      }),
    )
    const byCustomId: Array<[string, Record<string, unknown>]> = [
      ['payouts_get', {'custom-id': ['stdin-m3']}],
      ['payouts_send_claim_link', {'custom-id': ['stdin-m3']}],
      ['payouts_get', {id: [], 'custom-id': ['stdin-m3']}],
    ]
    for (let call = 0; call < 50; call++) {
      const [name, args] =
        call % 2 ? byCustomId[(call >> 1) % byCustomId.length] : ['payouts_get', {id: [created.data.id]}]
      const answer = ok(await session.call(name, args))
      expect(answer.data.id ?? answer.data[0]?.id, `call ${call}: ${name}`).toBe(created.data.id)
    }
  })
})
