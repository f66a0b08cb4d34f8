import Big from 'big.js'
import type {PayoutClient} from '../../../client/index.js'
import type {Account} from '../../../client/schemas.js'
import {fieldOf} from '../../../shared/json-object.js'
import {formatAmount, RunningTotal} from '../../../shared/money.js'
import {present} from '../../../shared/present.js'
import {messageOf} from '../../../shared/thrown.js'
import type {ParsedRow} from '../validate/import-schema.js'
import type {RowObserver} from '../validate/validate-file.js'

/**
 * The online part of `--dry-run`: what the service would refuse although the file is valid. Currencies
 * come from `GET /payment-method-types` (the settlement currencies of every payment method), balances from
 * `GET /accounts` (available, and what the allowance still lets through). Rows that would be approved
 * (--and-then pay, v1 preApproved) are added up in file order; the first row that no longer fits, and every
 * later one of that currency, would fail. The rows are checked as the validation pass reads them (BalanceCheck),
 * whenever the service answers: they are read once.
 */

export interface CheckProblem {
  line: number | null
  message: string
}

export interface OnlineChecks {
  online: boolean
  /** Why the checks ran offline (the service did not answer, no credentials). */
  offlineReason?: string
  problems: CheckProblem[]
  /** What was checked, for the screen (default: currencies and balances). */
  checked?: string
}

const LISTED = 20

/** What each currency can still pay out: the available balance, capped by what the allowance leaves. */
function headroom(accounts: Account[]): Map<string, Big> {
  const room = new Map<string, Big>()
  for (const account of accounts) {
    if (!account.currency) continue
    let available = new Big(account.balance?.available ?? '0')
    const allowance = account.allowance
    if (allowance?.limit !== undefined) {
      const left = new Big(allowance.limit).minus(allowance.used ?? '0')
      if (left.lt(available)) available = left
    }
    room.set(account.currency.toUpperCase(), available)
  }
  return room
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

async function serviceFacts(client: PayoutClient) {
  const [types, accounts] = await Promise.all([
    client.v2.counterparties.paymentMethodTypes(),
    client.v2.team.accounts(),
  ])
  const currencies = new Set<string>()
  for (const type of types)
    for (const currency of listOf(fieldOf(type, 'currencies'))) currencies.add(String(currency).toUpperCase())
  return {currencies, room: headroom(accounts)}
}

interface Facts {
  currencies: Set<string>
  room: Map<string, Big>
}

/**
 * Rows accepted before the service is asked: a smaller file is checked after its validation pass, as one whose
 * rows are invalid asks nothing. A bigger one asks at this row, while the pass goes on; the rows read before the
 * answer wait for it, up to twice as many (then the pass waits: memory stays bound).
 */
const WAITING_ROWS = 10_000

interface CheckedRow {
  line: number
  currency: string
  amount: string
  /** Approving it reserves money (a row naming its payout by id creates none: it reserves nothing new). */
  reserves: boolean
}

/**
 * The dry run's currency and balance checks of the rows the validation pass accepts, in file order (a RowObserver):
 * the rows are read once, whatever the service answers. `result` says what it found, or why it ran offline.
 */
export class BalanceCheck implements RowObserver {
  private facts?: Facts
  private offlineReason?: string
  private answered?: Promise<void>
  private waiting: CheckedRow[] = []
  private readonly problems: CheckProblem[] = []
  private readonly reserved = new Map<string, RunningTotal>()
  private readonly overflowing = new Map<string, {first: number; rows: number}>()

  constructor(private readonly client: () => Promise<PayoutClient>) {}

  /** Asks the service (once); the rows waiting are checked when it answers. */
  private ask(): Promise<void> {
    this.answered ??= this.client()
      .then(serviceFacts)
      .then(
        facts => {
          this.facts = facts
          for (const row of this.waiting) this.check(row.line, row.currency, row.amount, row.reserves, facts)
          this.waiting = []
        },
        (error: unknown) => {
          this.offlineReason = messageOf(error)
          this.waiting = []
        },
      )
    return this.answered
  }

  accepted(_ordinal: number, line: number, row: ParsedRow<unknown>): void {
    if (this.offlineReason !== undefined || !row.currency) return
    const currency = row.currency.toUpperCase()
    const amount = row.amount || '0'
    const reserves = !row.payoutId && row.movesMoney
    // Once the service has answered, a row is checked in place: nothing is made of it (a file has millions).
    if (this.facts) this.check(line, currency, amount, reserves, this.facts)
    else if (this.waiting.push({line, currency, amount, reserves}) === WAITING_ROWS) void this.ask()
  }

  async settle(): Promise<void> {
    if (this.waiting.length >= 2 * WAITING_ROWS) await this.ask()
  }

  private check(line: number, currency: string, amount: string, reserves: boolean, facts: Facts): void {
    if (!facts.currencies.has(currency)) {
      if (this.problems.length < LISTED)
        this.problems.push({
          line,
          message: `currency ${currency} is not paid out by the service (it pays ${[...facts.currencies].sort().join(', ')})`,
        })
      return
    }
    if (!reserves) return
    let total = this.reserved.get(currency)
    if (!total) {
      total = new RunningTotal(currency, facts.room.get(currency) ?? new Big(0))
      this.reserved.set(currency, total)
    }
    if (!total.add(amount)) return
    const over = this.overflowing.get(currency)
    if (over) over.rows++
    else this.overflowing.set(currency, {first: line, rows: 1})
  }

  /** What the checks found, once the service has answered (or why they ran offline). */
  async result(): Promise<OnlineChecks> {
    await this.ask()
    if (this.offlineReason !== undefined) return {online: false, offlineReason: this.offlineReason, problems: []}
    const overflows: CheckProblem[] = []
    for (const [currency, over] of this.overflowing) {
      const reserved = present(this.reserved.get(currency))
      overflows.push({
        line: over.first,
        message: `${over.rows} row${over.rows === 1 ? '' : 's'} from here on would not be approved: ${formatAmount(reserved.total(), currency)} ${currency} to approve, ${formatAmount(reserved.limit, currency)} ${currency} available`,
      })
    }
    return {online: true, problems: [...overflows, ...this.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))}
  }
}
