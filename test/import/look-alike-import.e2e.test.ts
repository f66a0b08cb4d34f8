import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** A file cannot bring in what a flag cannot: a look-alike recipient is refused unless the person passes the flag. */

const ctx = useEmulator()
const LOOK_ALIKE = 'friend@ex\u0430mple.com'

function csv(name: string, lines: string[]): string {
  const path = join(ctx.home.dir, name)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}
const count = async (path: string) => (await ctx.api.get(`/api/v2/${path}?limit=100`)).body.data.length

describe('imports and look-alike addresses', () => {
  const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})

  it('payouts import (v2 and v1) refuses the row, naming the punycode; --allow-confusable imports it', async () => {
    const v2 = csv('v2.csv', ['amount,currency,description,recipientEmail', `10.00,EUR,Mixing,${LOOK_ALIKE}`])
    const v1 = csv('v1.csv', ['payoutAmount,currency,description,creatorHandle', `5.00,EUR,Views,${LOOK_ALIKE}`])
    for (const args of [
      ['payouts', 'import', v2],
      ['payouts', 'import', v1, '--api', 'v1'],
    ]) {
      const refused = await runCommand([...args, '--json'], {env: env()})
      expect(refused.code, refused.stderr).not.toBe(0)
      expect(refused.stderr + refused.stdout).toContain('xn--exmple-4nf.com')
    }
    expect(await count('payouts')).toBe(0)
    const allowed = await runCommand(['payouts', 'import', v2, '--allow-confusable', '--json'], {env: env()})
    expect(allowed.code, allowed.stderr).toBe(0)
    const [payout] = (await ctx.api.get('/api/v2/payouts')).body.data
    expect(payout.recipient.email).toBe(LOOK_ALIKE)
  })

  it('counterparties import refuses a look-alike e-mail unless allowed', async () => {
    const header = 'firstName,lastName,line1,city,postalCode,country,email'
    const path = csv('cp.csv', [header, `Ann,Berg,Hauptstr. 1,Berlin,10115,DE,${LOOK_ALIKE}`])
    const refused = await runCommand(['counterparties', 'import', path, '--json'], {env: env()})
    expect(refused.code, refused.stderr).not.toBe(0)
    expect(refused.stderr + refused.stdout).toContain('xn--exmple-4nf.com')
    expect(await count('counterparties')).toBe(0)
    const allowed = await runCommand(['counterparties', 'import', path, '--allow-confusable', '--json'], {env: env()})
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(await count('counterparties')).toBe(1)
  })
})
