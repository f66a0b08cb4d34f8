import {createHash, randomUUID} from 'node:crypto'
import Big from 'big.js'
import {
  claimableStates,
  isApprovable,
  isApproved,
  isClaimable,
  isDeclined,
  isInTransfer,
} from '../../contract/lifecycle.js'
import type {AndThen} from '../../contract/requests/index.js'
import {formatAmount as formatMoney} from '../../shared/money.js'
import {
  ApiFailure,
  insufficientBalance,
  insufficientScope,
  invalidState,
  verificationRequired,
} from '../http/api-failure.js'
import {hasScope, type Principal} from '../http/principal.js'
import type {Store} from '../store/index.js'
import type {AccountRow, PaymentMethodRecord, PayoutRow} from '../store/row-types.js'
import {Scope} from './api-scopes.js'
import {v1Status, v2PayoutId} from './api-views.js'
import type {Clock} from './clock.js'
import type {CounterpartyRegistry} from './counterparty-registry.js'
import {contactOf} from './payout-contact.js'
import type {PayoutEvents} from './payout-events.js'
import {advance, stepOf} from './payout-transition.js'
import {FAILING_CRYPTO_ADDRESS} from './reference-data.js'
import {Allowance, isAutomated} from './spending-allowance.js'

/**
 * The sandbox's money movement (spec sections 1 and 3):
 * - approving reserves the amount against the account of the payout's currency;
 * - a transfer is requested with the recipient's claimed method or the counterparty's saved one, and
 *   settles synchronously: `completed` (the amount leaves the account) or, on a failure trigger of spec
 *   section 1, `failed` (v1 keeps showing `requested`; the reservation is released);
 * - deposits and transfers are recorded as transactions.
 * Callers run these inside one SQL transaction; a thrown ApiFailure rolls everything back.
 */

const SANDBOX_DEPOSITOR = {type: 'bank_iban', iban: 'DE89370400440532013000', holder: 'Sandbox Depositor'}

/** A completed bank deposit into a team's account, as a transaction (the balance is the caller's to change). */
export function recordDeposit(
  store: Store,
  deposit: {teamId: string; currency: string; amount: string; at: string},
): void {
  store.transactions.insert({
    id: `transaction_${randomUUID()}_in`,
    team_id: deposit.teamId,
    type: 'deposit',
    status: 'completed',
    direction: 'in',
    amount: deposit.amount,
    currency: deposit.currency,
    payout_uuid: null,
    counterparty_uuid: null,
    account: JSON.stringify(SANDBOX_DEPOSITOR),
    reference: `TEAM-${deposit.teamId.slice(0, 8).toUpperCase()}`,
    tx_hash: null,
    created_at: deposit.at,
    completed_at: deposit.at,
  })
}

const money = formatMoney

const payoutLabel = (row: PayoutRow) => v2PayoutId(row.uuid)

/** A payout in a request; `index` is its position in a batch (undefined for single calls). */
export interface Item {
  row: PayoutRow
  index?: number
}

/** The failure, located at the item's batch position if it has one. */
const at = (failure: ApiFailure, item: Item) => (item.index === undefined ? failure : failure.at(item.index))

/** Runs `check`; its failure names the item's index in a batch. */
function failingAt<T>(item: Item, check: () => T): T {
  try {
    return check()
  } catch (error) {
    throw error instanceof ApiFailure ? at(error, item) : error
  }
}

/**
 * A counterparty payout is paid directly, to the counterparty's saved payment method (spec 4.5: "A direct pay sends
 * money to the counterparty's saved payment method"); only a payout to a recipient who chooses a method while
 * claiming is claimed (spec section 1). The emulator's reading: nobody claims a counterparty payout.
 */
export const isPaidDirectly = (row: PayoutRow) => row.recipient_type === 'counterparty'

export const paidDirectlyMessage = (row: PayoutRow) =>
  `payout ${payoutLabel(row)} is paid directly to its counterparty's saved payment method; it cannot be claimed`

/** The failure a sandbox trigger causes, if the method carries one (spec section 1). */
export function failureTrigger(record: PaymentMethodRecord): {code: string; reason: string} | undefined {
  const details = record.details
  if (record.type.startsWith('bank_') && /sandbox fail/i.test(details.accountHolderName ?? ''))
    return {code: 'account_closed', reason: 'The recipient bank declined the transfer: the account is closed.'}
  if (record.type === 'paypal' && /sandbox-fail/i.test(details.email ?? ''))
    return {code: 'recipient_account_restricted', reason: 'PayPal declined the transfer: the account is restricted.'}
  if (record.type === 'venmo' && (details.phone ?? '').endsWith('0000'))
    return {code: 'recipient_account_restricted', reason: 'Venmo declined the transfer: the account is restricted.'}
  if (record.type === 'crypto' && (details.address ?? '').toLowerCase() === FAILING_CRYPTO_ADDRESS.toLowerCase())
    return {code: 'invalid_destination', reason: 'The network rejected the transfer to this wallet address.'}
  return undefined
}

function transactionAccount(record: PaymentMethodRecord): Record<string, string> {
  const {details} = record
  const account: Record<string, string> = {type: record.type}
  for (const field of ['iban', 'bic', 'sortCode', 'routingNumber', 'accountNumber', 'email', 'phone', 'address'])
    if (details[field]) account[field] = details[field]
  if (details.accountHolderName) account.holder = details.accountHolderName
  return account
}

export class Settlement {
  readonly allowance: Allowance

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: PayoutEvents,
    private readonly counterparties: CounterpartyRegistry,
  ) {
    this.allowance = new Allowance(store, () => clock.nowMs())
  }

  /** Automated spending (the API, not a member on a hosted page) is capped by the daily allowance. */
  private chargeAllowance(
    principal: Principal,
    teamId: string,
    items: Array<{amount: string; currency: string; index?: number}>,
  ) {
    if (isAutomated(principal)) this.allowance.charge(teamId, items, currency => this.account(teamId, currency))
  }

  requireWallet(teamId: string): void {
    if (!this.store.teams.team(teamId)?.wallet_address) throw verificationRequired()
  }

  /** The team's account in `currency`, opened empty on first use. */
  account(teamId: string, currency: string): AccountRow {
    const existing = this.store.teams.account(teamId, currency)
    if (existing) return existing
    const row: AccountRow = {
      team_id: teamId,
      currency,
      total: '0',
      reserved: '0',
      allowance_limit: null,
      allowance_used: '0',
      allowance_resets_at: null,
      iban: sandboxIban(teamId, currency),
      created_at: this.clock.iso(),
    }
    this.store.teams.insertAccount(row)
    return row
  }

  /**
   * One balance decision for all items: per currency, the open (reserved) amount plus the items must not
   * exceed the account total. The first item that no longer fits fails with INSUFFICIENT_BALANCE.
   */
  reserve(teamId: string, items: Array<{amount: string; currency: string; index?: number}>): void {
    const added = new Map<string, Big>()
    for (const item of items) {
      const account = this.account(teamId, item.currency)
      const sum = (added.get(item.currency) ?? new Big(0)).plus(item.amount)
      const open = new Big(account.reserved).plus(sum)
      if (open.gt(account.total)) {
        const failure = insufficientBalance({
          walletBalance: money(new Big(account.total), item.currency),
          totalOpenAmount: money(open, item.currency),
          currency: item.currency,
        })
        throw item.index === undefined ? failure : failure.at(item.index)
      }
      added.set(item.currency, sum)
    }
    for (const [currency, sum] of added) {
      const account = this.account(teamId, currency)
      this.store.teams.setBalance(teamId, currency, account.total, new Big(account.reserved).plus(sum).toFixed())
    }
  }

  private release(row: PayoutRow): void {
    this.unreserve(row, false)
  }

  private debit(row: PayoutRow): void {
    this.unreserve(row, true)
  }

  /** The payout's amount no longer reserved (never below zero); `paid`: it also leaves the total. */
  private unreserve(row: PayoutRow, paid: boolean): void {
    const account = this.account(row.team_id, row.currency)
    const reserved = new Big(account.reserved).minus(row.amount)
    this.store.teams.setBalance(
      row.team_id,
      row.currency,
      paid ? new Big(account.total).minus(row.amount).toFixed() : account.total,
      (reserved.lt(0) ? new Big(0) : reserved).toFixed(),
    )
  }

  /** Sandbox deposit: the account grows as a bank deposit would make it; recorded as a transaction. */
  deposit(teamId: string, currency: string, amount: string): AccountRow {
    this.requireWallet(teamId)
    const account = this.account(teamId, currency)
    const now = this.clock.iso()
    this.store.teams.setBalance(teamId, currency, new Big(account.total).plus(amount).toFixed(), account.reserved)
    recordDeposit(this.store, {teamId, currency, amount, at: now})
    return this.account(teamId, currency)
  }

  /**
   * Approves the items' payouts (all `created`) with one balance decision, then runs what follows: a
   * payout the recipient already claimed is transferred at once; `andThen` sends the claim link or pays
   * (a counterparty payout is paid; an e-mail or phone recipient gets the claim link and is paid on claim).
   */
  approve(principal: Principal, items: Array<Item & {andThen?: AndThen}>): PayoutRow[] {
    if (!items.length) return []
    this.requireWallet(items[0].row.team_id)
    for (const item of items) failingAt(item, () => stepOf(item.row, 'approve'))
    const amounts = items.map(({row, index}) => ({amount: row.amount, currency: row.currency, index}))
    this.reserve(items[0].row.team_id, amounts)
    this.chargeAllowance(principal, items[0].row.team_id, amounts)
    const now = this.clock.iso()
    const approved = items.map(({row}) => advance(this.store, row, 'approve', {approved_at: now, updated_at: now}))
    this.events.changed(approved)
    return approved.map((row, position) => {
      const {andThen, index} = items[position]
      if (row.payment_method && !isPaidDirectly(row)) return this.transfer(row, JSON.parse(row.payment_method))
      if (andThen === 'pay' && isPaidDirectly(row)) return this.pay(principal, [{row, index}])[0]
      if (andThen) return this.sendClaimLinks([{row, index}])[0]
      return row
    })
  }

  /**
   * Direct pay of counterparty payouts (`approved`, or `failed` with `payouts:approve`): all move to
   * `requested` in the caller's transaction, then each settles.
   */
  pay(principal: Principal, items: Item[]): PayoutRow[] {
    if (!items.length) return []
    this.requireWallet(items[0].row.team_id)
    const again: Array<{amount: string; currency: string; index?: number}> = []
    const prepared = items.map(item => {
      const {row, index} = item
      if (!isPaidDirectly(row))
        throw at(
          invalidState(
            `payout ${payoutLabel(row)} goes to an e-mail or phone recipient; it is paid when the recipient claims it (send the claim link)`,
          ),
          item,
        )
      failingAt(item, () => stepOf(row, 'pay'))
      if (isDeclined(row.status)) {
        if (!hasScope(principal, Scope.payoutsApprove)) throw at(insufficientScope(Scope.payoutsApprove), item)
        again.push({amount: row.amount, currency: row.currency, index})
      }
      const record = this.counterparties.paymentRecord(row, failure => at(failure, item))
      return {row, record}
    })
    if (again.length) {
      this.reserve(items[0].row.team_id, again)
      this.chargeAllowance(principal, items[0].row.team_id, again)
    }
    const requested = prepared.map(({row, record}) => this.markRequested(row, record, 'pay'))
    return requested.map((row, position) => this.settle(row, prepared[position].record))
  }

  /** The recipient claims with a method and its details (the claim page, or the control table's `claimPayout`). */
  claim(row: PayoutRow, record: PaymentMethodRecord): PayoutRow {
    if (isPaidDirectly(row)) throw invalidState(paidDirectlyMessage(row))
    if (!isClaimable(row.status))
      throw invalidState(
        `payout ${payoutLabel(row)} is ${v1Status(row.status)}; only ${claimableStates()} payouts can be claimed`,
      )
    if (row.email && record.type === 'bank_iban')
      this.counterparties.recordRecipientManaged(row.team_id, row.email, record)
    if (isApprovable(row.status)) {
      const now = this.clock.iso()
      return this.store.payouts.patch(row, {payment_method: JSON.stringify(record), updated_at: now})
    }
    if (isDeclined(row.status)) {
      this.requireWallet(row.team_id)
      this.reserve(row.team_id, [{amount: row.amount, currency: row.currency}])
    }
    return this.transfer(row, record)
  }

  /** Marks the claim link as sent (again); it needs an e-mail address or phone number to go to. */
  sendClaimLinks(items: Item[]): PayoutRow[] {
    const now = this.clock.iso()
    return items.map(item => {
      const {row} = item
      if (!isClaimable(row.status))
        throw at(
          invalidState(
            `payout ${payoutLabel(row)} is ${row.status}; claim links go out for ${claimableStates()} payouts`,
          ),
          item,
        )
      if (!contactOf(row, this.counterparties))
        throw at(
          invalidState(`payout ${payoutLabel(row)} has no e-mail address or phone number to send the claim link to`),
          item,
        )
      return this.store.payouts.patch(row, {claim_link_sent_at: now, updated_at: now})
    })
  }

  /** Requests the transfer and settles it (sandbox: synchronously). */
  private transfer(row: PayoutRow, record: PaymentMethodRecord): PayoutRow {
    return this.settle(this.markRequested(row, record, 'request'), record)
  }

  private markRequested(row: PayoutRow, record: PaymentMethodRecord, trigger: 'pay' | 'request'): PayoutRow {
    const now = this.clock.iso()
    const wasRequested = isInTransfer(v1Status(row.status))
    const requested = advance(this.store, row, trigger, {
      requested_at: now,
      updated_at: now,
      payment_method: JSON.stringify(record),
      failure_code: null,
      failure_reason: null,
      failed_at: null,
    })
    this.store.transactions.insert({
      id: `transaction_${randomUUID()}_out`,
      team_id: row.team_id,
      type: 'payout',
      status: 'pending',
      direction: 'out',
      amount: row.amount,
      currency: row.currency,
      payout_uuid: row.uuid,
      counterparty_uuid: row.counterparty_uuid,
      account: JSON.stringify(transactionAccount(record)),
      reference: `PAYOUT-${row.uuid.slice(0, 8).toUpperCase()}`,
      tx_hash: null,
      created_at: now,
      completed_at: null,
    })
    if (!wasRequested) this.events.changed(requested)
    return requested
  }

  private settle(row: PayoutRow, record: PaymentMethodRecord): PayoutRow {
    const now = this.clock.iso()
    const transaction = this.store.transactions.openForPayout(row.uuid)
    const failure = failureTrigger(record)
    if (failure) {
      this.release(row)
      if (transaction) this.store.transactions.patch(transaction, {status: 'failed'})
      const failed = advance(this.store, row, 'fail', {
        failure_code: failure.code,
        failure_reason: failure.reason,
        failed_at: now,
        updated_at: now,
      })
      this.events.settled('payout.failed', failed)
      return failed
    }
    this.debit(row)
    if (transaction)
      this.store.transactions.patch(transaction, {
        status: 'completed',
        completed_at: now,
        tx_hash: record.type === 'crypto' ? `0x${createHash('sha256').update(row.uuid).digest('hex')}` : null,
      })
    const completed = advance(this.store, row, 'settle', {completed_at: now, updated_at: now})
    this.events.changed(completed)
    this.events.settled('payout.completed', completed)
    return completed
  }

  /** Deletes a payout (state rules are the caller's); an approved payout's reservation is released. */
  markDeleted(row: PayoutRow): PayoutRow {
    if (isApproved(row.status)) this.release(row)
    const now = this.clock.iso()
    const deleted = advance(this.store, row, 'delete', {deleted_at: now, updated_at: now})
    this.events.changed(deleted)
    return deleted
  }

  /** Created and approved payouts past `expiresAt` expire; answers how many did. */
  expireDue(): number {
    return this.store.transaction(() => {
      const due = this.store.payouts.dueExpiries(this.clock.iso())
      const now = this.clock.iso()
      const expired = due.map(row => {
        if (isApproved(row.status)) this.release(row)
        return advance(this.store, row, 'expire', {updated_at: now})
      })
      this.events.changed(expired)
      return expired.length
    })
  }
}

/** A valid (mod 97) sandbox IBAN per team and currency: DE + check digits + 18 digits derived from the ids. */
export function sandboxIban(teamId: string, currency: string): string {
  const digest = createHash('sha256').update(`${teamId}:${currency}`).digest()
  let bban = ''
  for (let i = 0; bban.length < 18; i++) bban += String(digest[i] % 10)
  const numeric = `${bban}131400`
  let remainder = 0
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`
}
