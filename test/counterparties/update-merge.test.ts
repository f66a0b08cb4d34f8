import {beforeEach, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * `counterparties update` with part of a group (the API replaces address, payment method and tax identity
 * whole): the CLI reads the counterparty first and sends the group merged with its current values.
 */

const ctx = useEmulator()
let home: ReturnType<typeof isolatedHome>

beforeEach(() => {
  home = isolatedHome()
})

const update = async (id: string, args: string[]) => {
  const result = await runCommand(['counterparties', 'update', id, ...args, '--json'], {
    env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL},
  })
  expect(result.code, result.stderr).toBe(0)
  return JSON.parse(result.stdout)
}

describe('counterparties update merges a partial group with the current record', () => {
  it('--city Munich keeps line1, postal code and country; the other groups are not sent', async () => {
    const cp = await ctx.api.counterparty()
    const moved = await update(cp.id, ['--city', 'Munich'])
    expect(moved.address).toEqual({...cp.address, city: 'Munich'})
    expect(moved.paymentMethod).toEqual(cp.paymentMethod)
    expect(moved.taxIdentity).toEqual(cp.taxIdentity)
    expect((await ctx.api.get(`/api/v2/counterparties/${cp.id}`)).body.address.city).toBe('Munich')
  })

  it('a new IBAN keeps the payment method type and currency; a birth place keeps the tax id', async () => {
    const cp = await ctx.api.counterparty()
    const iban = await update(cp.id, ['--iban', 'DE02120300000000202051'])
    expect(iban.paymentMethod).toEqual({...cp.paymentMethod, iban: 'DE02120300000000202051'})
    const tax = await update(cp.id, ['--birth-place-city', 'Bonn'])
    expect(tax.taxIdentity).toEqual({...cp.taxIdentity, birthPlaceCity: 'Bonn'})
    expect(tax.address).toEqual(cp.address)
    expect(tax.missing).toEqual([])
  })
})
