import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/**
 * Interactive create (issue 53 item 4): on a terminal, `payouts create` and `counterparties create` ask for the
 * required inputs their command line left out, each checked as it is typed, then show a summary with the destination
 * and ask before anything is sent. The built CLI in a pseudo-terminal against the emulator.
 */

const ctx = useEmulator()
const ENTER = '\r'
const DOWN = '\u001B[B'
/** Erases what a refused answer left on the line (inquirer keeps it for editing). */
const erase = (typed: string) => '\u007F'.repeat(typed.length)

const payouts = async () =>
  (await ctx.api.get('/api/v2/payouts', {query: {limit: 100}})).body.data as Array<Record<string, unknown>>
const counterparties = async () =>
  (await ctx.api.get('/api/v2/counterparties', {query: {limit: 100}})).body.data as Array<Record<string, unknown>>

describe('payouts create on a terminal', () => {
  it('asks field by field, re-asks an amount with more decimals than the currency has, and creates after the summary', async () => {
    const result = await runCliInTty(['payouts', 'create'], {
      env: ctx.env,
      steps: [
        {when: 'Currency code', send: `eur${ENTER}`},
        {when: 'Amount as a decimal string', send: `12.345${ENTER}`},
        {when: 'amount "12.345" has 3 decimals; EUR allows 2', send: `${erase('12.345')}12.50${ENTER}`},
        {when: 'What the payout is for', send: `October royalties${ENTER}`},
        {when: 'Who is paid', send: ENTER},
        {when: 'Recipient e-mail address', send: `Maria@Example.com${ENTER}`},
        {when: 'Create this payout?', send: `y${ENTER}`},
      ],
    })
    expect(result.code, result.output).toBe(0)
    expect(result.output).toMatch(/Amount +12\.50 EUR/)
    expect(result.output).toMatch(/Destination +e-mail maria@example\.com/)
    const [created] = await payouts()
    expect(created).toMatchObject({
      amount: '12.50',
      currency: 'EUR',
      description: 'October royalties',
      recipient: {type: 'email', email: 'maria@example.com'},
    })
  })

  it('searches the saved counterparties as the person types and pays the one chosen', async () => {
    await ctx.api.counterparty({identity: {type: 'individual', firstName: 'Grace', lastName: 'Hopper'}})
    const rossi = await ctx.api.counterparty({
      identity: {type: 'individual', firstName: 'Maria', lastName: 'Rossi'},
      email: 'maria@example.com',
    })
    const result = await runCliInTty(
      ['payouts', 'create', '--amount', '5', '--currency', 'EUR', '--description', 'Fee'],
      {
        env: ctx.env,
        columns: 80,
        steps: [
          {when: 'Who is paid', send: `${DOWN}${DOWN}${ENTER}`},
          {when: 'Counterparty: type part of its name', send: 'ross'},
          {when: /Maria Rossi: bank_iban DE89 3704 •••• 3000/, send: ENTER},
          {when: 'Create this payout?', send: `y${ENTER}`},
        ],
      },
    )
    expect(result.code, result.output).toBe(0)
    // At 80 columns the destination folds at a space, under its column.
    expect(result.said).toMatch(
      /Destination bank_iban DE89 3704 •••• 3000 \(holder Maria Rossi\), e-mail maria@example\.com/,
    )
    const summary = result.output.slice(
      result.output.lastIndexOf('The payout to create'),
      result.output.lastIndexOf('Create this payout?'),
    )
    expect(summary).toMatch(/e-mail\n {16}maria@example\.com/)
    expect(summary.split('\n').filter(line => line.length > 80)).toEqual([])
    const [created] = await payouts()
    expect(created).toMatchObject({amount: '5.00', counterpartyId: rossi.id})
  })

  it('declined at the summary: nothing is sent, exit 2', async () => {
    const result = await runCliInTty(
      ['payouts', 'create', '--currency', 'EUR', '--description', 'x', '--phone', '+4915112345678'],
      {
        env: ctx.env,
        steps: [
          {when: 'Amount as a decimal string', send: `7${ENTER}`},
          {when: 'Create this payout?', send: `n${ENTER}`},
        ],
      },
    )
    expect(result.code, result.output).toBe(2)
    expect(result.output).toMatch(/Destination +phone \+4915112345678/)
    expect(result.said).toContain('Error: USAGE: cancelled: nothing was sent')
    expect(await payouts()).toEqual([])
  })

  it('on a production profile: the summary says PRODUCTION and its question defaults to no', async () => {
    const env = {...ctx.home.env, PAYCTL_API_KEY: FULL}
    const added = await runCommand(
      ['profiles', 'add', 'prod', '--environment', 'production', '--origin', ctx.url, '--use'],
      {
        env,
      },
    )
    expect(added.code, added.stderr).toBe(0)
    const result = await runCliInTty(
      ['payouts', 'create', '--amount', '5', '--currency', 'EUR', '--email', 'a@example.com'],
      {
        env,
        steps: [
          {when: 'What the payout is for', send: `x${ENTER}`},
          {when: 'Create this payout on PRODUCTION? (y/N)', send: ENTER},
        ],
      },
    )
    expect(result.code, result.output).toBe(2)
    expect(result.said).toContain('The payout to create (profile "prod", PRODUCTION)')
    expect(result.said).toContain('Error: USAGE: cancelled: nothing was sent')
    expect(await payouts()).toEqual([])
  })

  it('Ctrl-C at a question: nothing is sent, exit 130, no stack trace', async () => {
    const result = await runCliInTty(['payouts', 'create', '--amount', '5'], {
      env: ctx.env,
      steps: [{when: 'Currency code', send: '\u0003'}],
    })
    expect(result.code, result.output).toBe(130)
    expect(result.said).toContain('Error: INTERRUPTED: cancelled')
    expect(result.output).not.toMatch(/\n\s+at /)
    expect(await payouts()).toEqual([])
  })

  it('--json, or stdout not a terminal: exit 2 naming the missing flags, as without a terminal', async () => {
    const json = await runCliInTty(['payouts', 'create', '--json'], {env: ctx.env})
    expect(json.code, json.output).toBe(2)
    expect(json.said).toContain('Missing required flag --amount')
    expect(json.output).not.toContain('Currency code')
    const file = join(mkdtempSync(join(tmpdir(), 'payctl-interactive-')), 'out.json')
    const piped = await runCliInTty(['payouts', 'create'], {env: ctx.env, stdoutFile: file})
    expect(piped.code, piped.output).toBe(2)
    expect(piped.said).toContain('Missing required flag --amount; Missing required flag --currency')
  })
})

describe('counterparties create on a terminal', () => {
  it('asks the identity and address it lacks, re-asks a country that is not a code, and creates', async () => {
    const result = await runCliInTty(['counterparties', 'create', '--first-name', 'Jan', '--line1', 'Hauptstr. 5'], {
      env: ctx.env,
      steps: [
        {when: 'Last name', send: `Berg${ENTER}`},
        {when: 'City', send: `Berlin${ENTER}`},
        {when: 'Postal code', send: `10115${ENTER}`},
        {when: 'Two-letter country code', send: `Germany${ENTER}`},
        {when: '"GERMANY" is not a two-letter country code like DE', send: `${erase('Germany')}de${ENTER}`},
        {when: 'Create this counterparty?', send: `y${ENTER}`},
      ],
    })
    expect(result.code, result.output).toBe(0)
    expect(result.output).toMatch(/Destination +counterparty without a payment method/)
    const [created] = await counterparties()
    expect(created).toMatchObject({
      identity: {firstName: 'Jan', lastName: 'Berg'},
      address: {line1: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE'},
    })
  })

  it('--json on a terminal: exit 2 naming the missing flags, nothing asked', async () => {
    const result = await runCliInTty(['counterparties', 'create', '--json'], {env: ctx.env})
    expect(result.code, result.output).toBe(2)
    expect(result.said).toContain('--first-name (identity.firstName)')
    expect(await counterparties()).toEqual([])
  })
})
