import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {maskIban} from '../../src/contract/destination.js'
import {methodName} from '../../src/emulator/hosted/method-names.js'
import type {Body} from '../emulator/helpers.js'
import {type EmulatorFixture, useEmulator} from '../helpers/emulator.js'
import {MEMBER, mint, textOf, Visitor} from '../hosted/helpers.js'

/**
 * The claim-versus-approval race class of the fuzz suites (issue 54): fast-check draws a payout (to an e-mail
 * address or to a counterparty) and a sequence of what a person on the approval page, the recipient and the sender
 * do around it: the person views the page or clicks Approve, the recipient claims (PayPal, an IBAN or a wallet; a
 * failure trigger or not), the sender changes the counterparty's bank details or deletes it. Over plain HTTP against one
 * emulator. Asserted for every case:
 * - a click approves only when nothing changed since the view it was made on; a refused click approves nothing;
 * - money that moves at the click goes to the destination that view showed (its method, its account or address);
 * - a counterparty payout is never claimed (the claim and its claim session are refused) and leaves no transfer but
 *   to the counterparty's account.
 * A few cases in `npm test`; CLAIM_RACE_FUZZ_RUNS=N runs more (a step of .ci/run).
 */

const RUNS = Number(process.env.CLAIM_RACE_FUZZ_RUNS ?? 5)
const REDIRECT = 'http://127.0.0.1:9/back'
const IBANS = ['DE89370400440532013000', 'DE09500105179999993000', 'GB33BUKB20201555555555']

type Claim = {op: 'claim'; method: string; details: Record<string, string>}
type Step = {op: 'view'} | {op: 'click'} | {op: 'edit'; iban: string} | {op: 'delete'} | Claim

const claimArb: fc.Arbitrary<Claim> = fc.oneof(
  fc
    .constantFrom('friend-paypal@example.org', 'sandbox-fail@example.org', 'attacker-paypal@evil.example')
    .map(email => ({op: 'claim' as const, method: 'paypal', details: {email}})),
  fc
    .record({iban: fc.constantFrom(...IBANS), holder: fc.constantFrom('Ada Lovelace', 'SANDBOX FAIL Mallory')})
    .map(({iban, holder}) => ({op: 'claim' as const, method: 'bank-iban', details: {iban, accountHolderName: holder}})),
  fc.constant({
    op: 'claim' as const,
    method: 'crypto',
    details: {address: '0x52908400098527886E0F7030069857D2E4169EE7'},
  }),
)
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {arbitrary: fc.constant({op: 'view' as const}), weight: 2},
  {arbitrary: fc.constant({op: 'click' as const}), weight: 3},
  {arbitrary: claimArb, weight: 4},
  {arbitrary: fc.constantFrom(...IBANS).map(iban => ({op: 'edit' as const, iban})), weight: 1},
  {arbitrary: fc.constant({op: 'delete' as const}), weight: 1},
)
const VIEW = {op: 'view' as const}
const CLICK = {op: 'click' as const}
/** The races themselves: a claim before the view, between the view and the click, and after a refused click. */
const raceArb: fc.Arbitrary<Step[]> = fc.oneof(
  claimArb.map(claim => [claim, VIEW, CLICK]),
  claimArb.map(claim => [claim, CLICK, CLICK]),
  fc.tuple(claimArb, claimArb).map(([first, second]) => [first, CLICK, second, CLICK, VIEW, CLICK]),
)
const caseArb = fc.record({
  kind: fc.constantFrom('email', 'counterparty'),
  steps: fc.oneof(fc.array(stepArb, {minLength: 2, maxLength: 7}), raceArb),
})

/** What the approval page shows as the payout's destination (its one row). */
const destinationCell = (html: string) => textOf(/<td class="destination"[^>]*>([\s\S]*?)<\/td>/.exec(html)?.[1] ?? '')

/** The shown line names the account a transfer went to: its method (by name) and its account, address or wallet. */
function expectShown(line: string, account: Record<string, string>, context: string): void {
  expect(line.replace(/^(Look-alike address|Not paid before) /g, ''), context).toMatch(
    new RegExp(`^${methodName(account.type).replace(/[()]/g, '\\$&')} `),
  )
  const where = account.iban ? maskIban(account.iban) : (account.email ?? account.address)
  if (where) expect(line, context).toContain(where)
}

const tally = {cases: 0, approved: 0, refused: 0, transfers: 0, claimsRefused: 0}

/** One drawn case: a payout, its approval page as the person last saw it, and what each step may do. */
class RaceCase {
  /** The destination the page showed at the last view: what a click approves. */
  shown = ''

  constructor(
    readonly api: EmulatorFixture['api'],
    readonly member: Visitor,
    readonly payout: Body,
    readonly url: string,
    readonly counterparty: Body | undefined,
    readonly context: string,
  ) {}

  async status(): Promise<string> {
    return (await this.api.get(`/api/v2/payouts/${this.payout.id}`)).body.status
  }

  async transfers(): Promise<Body[]> {
    return (await this.api.get('/api/v2/transactions', {query: {payoutId: this.payout.id}})).body.data
  }

  async view(): Promise<void> {
    this.shown = destinationCell((await this.member.get(this.url)).html)
  }

  async edit(iban: string): Promise<void> {
    if (!this.counterparty) return
    await this.api.patch(`/api/v2/counterparties/${this.counterparty.id}`, {
      paymentMethod: {type: 'bank_iban', currency: 'EUR', iban},
    })
  }

  async delete(): Promise<void> {
    if (this.counterparty) await this.api.delete(`/api/v2/counterparties/${this.counterparty.id}`)
  }

  async claim(step: Claim): Promise<void> {
    const claimed = await this.api.claim(this.payout.id, step.method, step.details)
    if (!this.counterparty) return
    tally.claimsRefused++
    expect(claimed.status, this.context).toBe(409)
    const session = await this.api.post('/api/v1/session/payout', {
      payoutId: this.payout.id.slice(7),
      redirectUrl: REDIRECT,
    })
    expect(session.status, this.context).toBe(409)
  }

  /** Approve on the page as last viewed: approved as shown, or refused with nothing approved. */
  async click(): Promise<void> {
    if ((await this.status()) !== 'created') return
    const before = (await this.transfers()).length
    const clicked = await this.member.post(`${this.url}/approve`, {})
    const after = await this.transfers()
    if (clicked.status === 303) {
      tally.approved++
      for (const moved of after.slice(0, after.length - before)) {
        tally.transfers++
        expectShown(this.shown, moved.account, this.context)
      }
      if (this.counterparty) expect(after.length, this.context).toBe(before)
      return
    }
    tally.refused++
    expect(clicked.status, this.context).toBe(409)
    expect(textOf(clicked.html), this.context).toContain('Nothing was approved')
    expect(after.length, this.context).toBe(before)
    expect(await this.status(), this.context).toBe('created')
    this.shown = destinationCell(clicked.html)
  }

  async run(step: Step): Promise<void> {
    if (step.op === 'view') await this.view()
    else if (step.op === 'edit') await this.edit(step.iban)
    else if (step.op === 'delete') await this.delete()
    else if (step.op === 'claim') await this.claim(step)
    else await this.click()
  }

  /** A counterparty payout was never claimed and no transfer went anywhere at a click or a claim. */
  async finish(): Promise<void> {
    if (!this.counterparty) return
    expect((await this.api.get(`/api/v2/payouts/${this.payout.id}`)).body.paymentMethod, this.context).toBeUndefined()
    expect(await this.transfers(), this.context).toEqual([])
  }
}

describe('the claim-versus-approval race class', () => {
  const ctx = useEmulator()

  async function startCase(member: Visitor, kind: string, steps: Step[]): Promise<RaceCase> {
    const counterparty =
      kind === 'counterparty'
        ? await ctx.api.counterparty({
            email: undefined,
            identity: {type: 'individual', firstName: 'Ada', lastName: 'Lovelace'},
          })
        : undefined
    const payout: Body = await ctx.api.v2Create(
      counterparty
        ? {amount: '1.00', recipient: undefined, counterpartyId: counterparty.id}
        : {amount: '1.00', recipient: {type: 'email', email: 'friend@example.com'}},
    )
    const url = await mint(ctx.api, 'approval', {payoutIds: [payout.id.slice(7)], redirectUrl: REDIRECT})
    if (!member.cookies.size) await member.signIn(url, MEMBER)
    const race = new RaceCase(ctx.api, member, payout, url, counterparty, JSON.stringify({kind, steps}))
    await race.view()
    return race
  }

  it('money moves only to the destination the approving view showed; counterparty payouts are never claimed', async () => {
    const member = new Visitor()
    await fc.assert(
      fc.asyncProperty(caseArb, async ({kind, steps}) => {
        tally.cases++
        const race = await startCase(member, kind, steps)
        for (const step of steps) await race.run(step)
        await race.finish()
      }),
      {numRuns: RUNS},
    )
    if (RUNS > 5) process.stderr.write(`claim-versus-approval race class: ${JSON.stringify(tally)}\n`)
  }, 600_000)
})
