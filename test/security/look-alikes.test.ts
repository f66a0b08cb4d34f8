import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {counterpartyBody, FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {describeInBrowser, signInInBrowser, useBrowser} from '../hosted/browser.js'
import {MEMBER} from '../hosted/helpers.js'
import {ok, useMcpSessions} from '../mcp/mcp-client.js'

/**
 * Issue 54, item 3: the look-alikes of the hostile run, through every path a person or an agent sends money by:
 * payouts create, counterparties create, both imports, MCP, and the approval page (which marks what the service
 * took anyway). One rule (src/contract/look-alike.ts) answers them all.
 */

/** The addresses the hostile run got through: whole-script capitals, Latin look-alikes, a combining dot, NFKC forms, punycode. */
const ADDRESSES = [
  'friend@ЕХАМРӀЕ.СОМ',
  'billing@ТАХ.com',
  'ΚΙΜ@example.com',
  'ᎪᏴᏟ@example.com',
  'friend@pɑypal.com',
  'friend@ɡmail.com',
  'friend@gmaıl.com',
  'friend@pᴀypal.com',
  'friend@İnfo.com',
  'friend@gmai\u0307l.com',
  'friend@\u212fxample.com',
  'friend@𝐞𝐱𝐚𝐦𝐩𝐥𝐞.com',
  'friend@ｅｘａｍｐｌｅ.com',
  'friend@xn--exmple-4nf.com',
]
/** Names a person reads to know who is paid: a Cyrillic А, a zero-width space. */
const NAMES = ['\u0410da', 'Ada\u200bLovelace']
const COUNTERPARTY_FLAGS = [
  '--line1',
  '1 High Street',
  '--city',
  'London',
  '--postal-code',
  'N1 9GU',
  '--country',
  'GB',
  '--payment-method',
  'bank_iban',
  '--payment-currency',
  'EUR',
  '--iban',
  'GB33BUKB20201555555555',
]

const ctx = useEmulator()
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})
const cli = (args: string[]) => runCommand(args, {env: env()})
const errorOf = (result: {stderr: string}) => JSON.parse(result.stderr).error
const count = async (path: string) => (await ctx.api.get(`/api/v2/${path}?limit=100`)).body.data.length

function csv(name: string, lines: string[]): string {
  const path = join(isolatedHome().dir, name)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

describe('look-alikes are refused on every path that sends money', () => {
  it.each(ADDRESSES)('payouts create --email %s: exit 6, LOOK_ALIKE_ADDRESS, nothing created', async address => {
    const before = await count('payouts')
    const create = ['payouts', 'create', '--amount', '5', '--currency', 'EUR', '--description', 'Look-alike']
    const refused = await cli([...create, '--email', address, '--json'])
    expect(refused.code, refused.stderr).toBe(6)
    expect(errorOf(refused)).toMatchObject({code: 'LOOK_ALIKE_ADDRESS'})
    expect(await count('payouts')).toBe(before)
  })

  it('counterparties create refuses a look-alike name (first name, account holder) or e-mail; --allow-confusable creates it', async () => {
    const name = (first: string, holder = 'Ada Lovelace') => [
      '--first-name',
      first,
      '--last-name',
      'Lovelace',
      '--account-holder',
      holder,
    ]
    for (const args of [name(NAMES[0]), name('Ada', NAMES[1])]) {
      const refused = await cli(['counterparties', 'create', ...args, ...COUNTERPARTY_FLAGS, '--json'])
      expect(refused.code, refused.stderr).toBe(6)
      expect(errorOf(refused)).toMatchObject({code: 'LOOK_ALIKE_NAME'})
    }
    const email = await cli([
      'counterparties',
      'create',
      ...name('Ada'),
      '--email',
      ADDRESSES[1],
      ...COUNTERPARTY_FLAGS,
    ])
    expect(email.code).toBe(6)
    expect(await count('counterparties')).toBe(0)
    const allowed = await cli([
      'counterparties',
      'create',
      ...name(NAMES[0]),
      ...COUNTERPARTY_FLAGS,
      '--allow-confusable',
    ])
    expect(allowed.code, allowed.stderr).toBe(0)
  })

  it('payouts import refuses every look-alike row; counterparties import a look-alike name', async () => {
    const payouts = csv('payouts.csv', [
      'amount,currency,description,recipientEmail',
      ...ADDRESSES.map(address => `1.00,EUR,Look-alike,${address}`),
      '1.00,EUR,Plain,friend@example.com',
    ])
    const imported = await cli(['payouts', 'import', payouts, '--dry-run', '--json'])
    const text = imported.stdout + imported.stderr
    expect(imported.code, text).not.toBe(0)
    for (const line of ADDRESSES.map((_, i) => i + 2)) expect(text).toMatch(new RegExp(`"line": ?${line}\\b`))
    expect(text).not.toMatch(/"line": ?16\b/)
    const header = 'firstName,lastName,accountHolder,line1,city,postalCode,country'
    const counterparties = csv('cp.csv', [
      header,
      ...NAMES.map(name => `Ada,Lovelace,${name},1 High St,London,N1 9GU,GB`),
    ])
    const refused = await cli(['counterparties', 'import', counterparties, '--json'])
    expect(refused.code, refused.stderr).not.toBe(0)
    expect(refused.stdout + refused.stderr).toContain('could pass for another name')
    expect(await count('counterparties')).toBe(0)
  })
})

describeInBrowser('look-alikes to an agent and on the approval page', () => {
  const browser = useBrowser()
  const mcp = useMcpSessions()

  it('MCP: a look-alike name or punycode address is refused to the agent', async () => {
    const agent = await mcp([], {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url})
    const tools = (await agent.client.listTools()).tools.map(tool => tool.name)
    expect(tools).toEqual(expect.arrayContaining(['counterparties_create', 'payouts_create']))
    const counterparty = await agent.call('counterparties_create', {
      'first-name': NAMES[0],
      'last-name': 'Lovelace',
      line1: '1 High Street',
      city: 'London',
      'postal-code': 'N1 9GU',
      country: 'GB',
    })
    expect(counterparty.structuredContent?.error).toMatchObject({code: 'LOOK_ALIKE_NAME', exitCode: 6})
    const payout = await agent.call('payouts_create', {
      amount: '10.00',
      currency: 'EUR',
      description: 'Punycode',
      email: 'friend@xn--exmple-4nf.com',
    })
    expect(payout.structuredContent?.error).toMatchObject({code: 'LOOK_ALIKE_ADDRESS', exitCode: 6})
  }, 120_000)

  it('the page, payouts get and MCP mark a holder name the service took (Аda with a Cyrillic А)', async () => {
    const counterparty = await ctx.api.counterparty(
      counterpartyBody({
        email: undefined,
        paymentMethod: {
          type: 'bank_iban',
          iban: 'DE89370400440532013000',
          currency: 'EUR',
          accountHolderName: `${NAMES[0]} Lovelace`,
        },
      }),
    )
    const payout = await ctx.api.v2Create({counterpartyId: counterparty.id, recipient: undefined})
    const mark = '[LOOK-ALIKE: "\u0410da" mixes Cyrillic and Latin letters]'
    const shown = await cli(['payouts', 'get', payout.id])
    expect(shown.stdout).toContain(mark)
    const agent = await mcp([], {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL})
    expect(ok(await agent.call('payouts_get', {id: [payout.id]})).destinations[payout.id]).toContain(mark)
    const session = await cli([
      'sessions',
      'approval',
      '--payout',
      payout.id,
      '--login-hint',
      MEMBER,
      '--redirect-url',
      ctx.emu.url,
      '--json',
    ])
    expect(session.code, session.stderr).toBe(0)
    const {page} = browser
    await page.goto(JSON.parse(session.stdout).url)
    await signInInBrowser(page)
    const cell = page.locator('td.destination')
    expect(await cell.getAttribute('data-look-alike')).toBe('name')
    expect(await cell.locator('strong.warning').allTextContents()).toContain('Look-alike name')
    expect(await cell.textContent()).toContain(mark)
  }, 180_000)
})
