import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** A v2 CSV export continued from the cursor payctl printed: the rest is appended without a second header. */

const ctx = useEmulator()

describe('payouts list -o csv continued with --cursor', () => {
  it('the first part has the header, the rest from --cursor none; together every payout once', async () => {
    const res = await ctx.api.post('/api/v2/payouts/batch', {
      items: Array.from({length: 30}, (_, i) => ({
        description: 'x',
        amount: '1.00',
        currency: 'EUR',
        customId: `c-${i}`,
        recipient: {type: 'email', email: `u${i}@example.com`},
      })),
    })
    expect(res.status, res.text).toBe(200)
    const env = {...ctx.home.env, PAYCTL_ORIGIN: ctx.url, PAYCTL_API_KEY: FULL}
    const first = await runCommand(['payouts', 'list', '--api', 'v2', '--limit', '10', '-o', 'csv'], {env})
    expect(first.code, first.stderr).toBe(0)
    const cursor = /continue with --cursor (\S+)/.exec(first.stderr)?.[1]
    expect(cursor, first.stderr).toBeDefined()
    const [header, ...head] = first.stdout.trim().split('\n')
    const rest = await runCommand(['payouts', 'list', '--api', 'v2', '--all', '-o', 'csv', '--cursor', cursor!], {env})
    expect(rest.code, rest.stderr).toBe(0)
    const tail = rest.stdout.trim().split('\n')
    expect(tail).not.toContain(header)
    const column = header.split(',').indexOf('customId')
    const ids = [...head, ...tail].map(line => line.split(',')[column])
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
  })
})
