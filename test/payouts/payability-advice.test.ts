import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * A counterparty payout that cannot be paid as it stands leads a person somewhere (issue 49, "No dead ends", the
 * CLI's side): the create warns with the command that fixes it, a refused `--and-then pay` names that command, and
 * following the advice pays.
 */

const ctx = useEmulator({record: true})
const cli = (args: string[]) => runCommand(args, {env: {...ctx.env, PAYCTL_API_KEY: FULL}})
const words = (line: string) => line.split(' ')

/** A German counterparty with an IBAN and no tax identity: `missing` names taxIdentity. */
async function untaxedCounterparty(): Promise<string> {
  const created = await cli([
    ...words('counterparties create --first-name Ann --last-name Lee --line1'),
    '1 Main St',
    ...words('--city Berlin --postal-code 10115 --country DE --payment-method bank_iban'),
    ...words('--iban DE89370400440532013000 --payment-currency EUR --json'),
  ])
  expect(created.code, created.stderr).toBe(0)
  const counterparty = JSON.parse(created.stdout)
  expect(counterparty.missing).toEqual(['taxIdentity'])
  return counterparty.id
}

/** `payouts create` of 10.00 (EUR unless given) to the counterparty. */
const create = (counterparty: string, more = '', currency = 'EUR') =>
  cli(
    words(
      `payouts create --amount 10 --currency ${currency} --description Licence --counterparty ${counterparty} ${more}`.trim(),
    ),
  )
const giveTaxIdentity = (id: string) =>
  cli(words(`counterparties update ${id} --tax-id 12345678901 --date-of-birth 1990-01-01`))

describe('payouts create to a counterparty that cannot be paid as it stands', () => {
  it('warns at create with the command that fixes it; a refused --and-then pay names it; following it pays', async () => {
    const id = await untaxedCounterparty()
    ctx.proxy.requests.length = 0
    const created = await create(id)
    expect(created.code, created.stderr).toBe(0)
    // One read of the counterparty serves the destination line and the warning.
    expect(ctx.proxy.count('GET', `/api/v2/counterparties/${id}`)).toBe(1)
    const fix = `payctl counterparties update ${id} --tax-id <tax-id>`
    expect(created.stderr).toMatch(
      /^Warning: payout payout_\S+ cannot be paid as it stands: its counterparty \S+ still needs its taxIdentity/m,
    )
    expect(created.stderr).toContain(fix)

    const refused = await create(id, '--and-then pay --yes --json')
    expect(refused.code).toBe(5)
    const {error} = JSON.parse(refused.stderr)
    expect(error).toMatchObject({code: 'INVALID_STATE', status: 409, requestId: expect.stringMatching(/\S/)})
    expect(error.suggestions[0]).toContain(fix)
    expect(error.suggestions[1]).toContain('the same command again')

    const updated = await giveTaxIdentity(id)
    expect(updated.code, updated.stderr).toBe(0)
    const paid = await create(id, '--and-then pay --yes --json')
    expect(paid.code, paid.stderr).toBe(0)
    expect(paid.stderr).not.toContain('cannot be paid')
    expect(JSON.parse(paid.stdout).status).not.toBe('created')
  })

  it('a method that does not pay in the currency is named, with the input that changes it', async () => {
    const id = await untaxedCounterparty()
    const created = await create(id, '', 'USD')
    expect(created.code, created.stderr).toBe(0)
    expect(created.stderr).toContain("its counterparty's bank_iban does not pay in USD (it pays in EUR, GBP)")
    expect(created.stderr).toContain(`payctl counterparties update ${id} --payment-method <payment-method>`)
  })

  it('an e-mail payout and a counterparty that can be paid get no warning', async () => {
    const email = await cli(words('payouts create --amount 5 --currency EUR --description x --email ok@example.com'))
    expect(email.code, email.stderr).toBe(0)
    expect(email.stderr).toBe('')
    const id = await untaxedCounterparty()
    expect((await giveTaxIdentity(id)).code).toBe(0)
    const created = await create(id)
    expect(created.code, created.stderr).toBe(0)
    expect(created.stderr).not.toContain('cannot be paid')
  })
})
