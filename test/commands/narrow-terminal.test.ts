import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {freePort} from '../helpers/free-port.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/**
 * Issue 42, "The terminal": at 80 and 200 columns, in a pseudo-terminal, ids, names and URLs are never cut, the
 * payouts table stays one line a payout with its Description, and what `webhooks listen` and `emulator start`
 * print fits 80 columns.
 */

const ctx = useEmulator()
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})
const DESCRIPTION = 'Licence fee for the autumn catalogue, volume'

async function shown(args: string[], columns: number): Promise<string[]> {
  const result = await runCliInTty(args, {env: env(), columns})
  expect(result.code, result.output).toBe(0)
  const lines = result.output.split('\n').filter(Boolean)
  for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns)
  return lines
}

describe('tables at 80 and 200 columns', () => {
  for (const columns of [80, 200])
    it(`payouts list at ${columns}: one line a payout, id whole, with its Description`, async () => {
      const made = []
      for (let i = 1; i <= 3; i++)
        made.push(
          await ctx.api.v2Create({
            customId: `licence-2026-autumn-${i}`,
            description: `${DESCRIPTION} ${i}`,
            recipient: {type: 'email', email: `someone.with.a.long.name${i}@example.com`},
          }),
        )
      for (const api of ['v1', 'v2']) {
        const lines = (await shown(['payouts', 'list', '--api', api], columns)).filter(
          l => !l.endsWith('end of the list.'),
        )
        expect(lines, api).toHaveLength(4)
        expect(lines[0]).toMatch(/^ID\s.*\bDescription\b/)
        for (const payout of made) {
          const line = lines.find(l => l.includes(payout.id))
          expect(line, payout.id).toContain(DESCRIPTION.slice(0, 12))
          if (columns === 200)
            expect(line).toMatch(
              new RegExp(
                `${payout.customId}\\s+created\\s+\\S+ EUR\\s+${payout.description}\\s+${payout.recipient.email}\\s`,
              ),
            )
        }
      }
    })

  it('profiles list and webhooks list at 80 columns keep names, origins and URLs whole', async () => {
    const url = 'https://hooks.example.com/payctl/webhooks/receiver-endpoint'
    const origin = 'https://payouts.eu-central.example.com'
    await runCommand(['profiles', 'add', 'emu-with-a-long-name', '--environment', 'sandbox', '--origin', origin], {
      env: env(),
    })
    const created = await runCommand(['webhooks', 'create', '--url', url], {env: env()})
    expect(created.code, created.stderr).toBe(0)
    const profiles = (await shown(['profiles', 'list'], 80)).join('\n')
    expect(profiles).toMatch(/emu-with-a-long-name\s+sandbox\s+https:\/\/payouts\.eu-central\.example\.com(\s|$)/m)
    expect(profiles).toMatch(/\blocal\s+sandbox\s+http:\/\/127\.0\.0\.1:4010(\s|$)/m)
    const webhooks = (await shown(['webhooks', 'list'], 80)).join('\n')
    expect(webhooks).toContain(url)
    const wide = await shown(['webhooks', 'list'], 200)
    expect(wide).toHaveLength(2)
    expect(wide[1]).toContain(url)
  })
})

describe('long-running commands at 80 columns', () => {
  it('the emulator start banner fits', async () => {
    const result = await runCliInTty(['emulator', 'start', '--port', '0', '--data', ':memory:'], {
      env: env(),
      columns: 80,
      steps: [{when: 'Press Ctrl-C to stop', send: '\u0003'}],
    })
    const lines = result.output.split('\n').filter(Boolean)
    expect(lines.join('\n')).toContain('sk_sandbox_emulator_full_0000000000000000')
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80)
  })

  it('webhooks listen: each delivery fits, the payout id whole', async () => {
    const port = await freePort()
    const secret = 'whsec_narrow_terminal_secret_0123456789'
    const to = `http://127.0.0.1:${port}/`
    let sent: Promise<unknown> = Promise.resolve()
    const result = await runCliInTty(['webhooks', 'listen', '--port', String(port), '--secret', secret], {
      env: env(),
      columns: 80,
      steps: [
        {
          when: 'Press Ctrl-C to stop',
          run: () => {
            sent = (async () => {
              await runCommand(['webhooks', 'send', '--to', to, '--secret', secret, '--status', 'completed'])
              await runCommand(['webhooks', 'send', '--to', to, '--secret', secret, '--stale'])
            })()
          },
        },
        {when: 'stale_timestamp', send: '\u0003'},
      ],
    })
    await sent
    const lines = result.output.split('\n').filter(Boolean)
    const deliveries = lines.filter(line => /^\d\d:\d\d:\d\d /.test(line))
    expect(deliveries).toHaveLength(2)
    // The payout id whole on the delivery's line, the amount left out; the rejection's detail under the event.
    expect(deliveries[0]).toMatch(/^\d\d:\d\d:\d\d completed +[0-9a-f-]{36} +verified$/)
    expect(result.output).toContain('REJECTED stale_timestamp')
    expect(result.output).toMatch(/^ {9}\S/m)
    for (const line of deliveries) expect(line.length, line).toBeLessThanOrEqual(80)
  })
})
