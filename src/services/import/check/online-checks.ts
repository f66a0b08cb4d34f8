import Big from 'big.js'
import type {PayoutClient} from '../../../client/index.js'
import type {Account} from '../../../client/schemas.js'
import {formatAmount} from '../../../shared/money.js'
import {present} from '../../../shared/present.js'
import {messageOf} from '../../../shared/thrown.js'
import {type ChunkOptions, fileRows} from '../send/chunks.js'
import type {ValidationResult} from '../validate/validate-file.js'

/**
 * The online part of `--dry-run`: what the service would refuse although the file is valid. Currencies
 * come from `GET /payment-method-types` (the settlement currencies of every payment method), balances from
 * `GET /accounts` (available, and what the allowance still lets through). Rows that would be approved
 * (--and-then pay, v1 preApproved) are added up in file order; the first row that no longer fits, and every
 * later one of that currency, would fail.
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

async function serviceFacts(client: PayoutClient) {
  const [types, accounts] = await Promise.all([
    client.v2.counterparties.paymentMethodTypes(),
    client.v2.team.accounts(),
  ])
  const currencies = new Set<string>()
  for (const type of types)
    for (const currency of ((type as {currencies?: unknown}).currencies as string[] | undefined) ?? [])
      currencies.add(String(currency).toUpperCase())
  return {currencies, room: headroom(accounts)}
}

interface Facts {
  currencies: Set<string>
  room: Map<string, Big>
}

/** Whether any row could fail: an unknown currency, or more to approve than a currency's headroom. */
function anyProblem(validation: ValidationResult, facts: Facts): boolean {
  if (Object.keys(validation.totals).some(currency => !facts.currencies.has(currency))) return true
  return Object.entries(validation.moneyMoving.totals).some(([currency, total]) =>
    new Big(total).gt(facts.room.get(currency) ?? 0),
  )
}

type CheckedItem = {currency: string; amount?: string; payoutAmount?: string}

/**
 * A valid row's body with a currency to check (a row naming its payout by id may have none), and whether it
 * reserves money (a row naming its payout by id never creates one: it reserves nothing new).
 */
function checkedItem(
  entry: {kind: 'invalid'} | {kind: 'valid'; row: {line: number; item: unknown; payoutId?: string}},
  movesMoney: (item: unknown) => boolean,
): {line: number; item: CheckedItem; reserves: boolean} | undefined {
  if (entry.kind === 'invalid') return undefined
  const item = entry.row.item as CheckedItem
  if (!item.currency) return undefined
  return {line: entry.row.line, item, reserves: !entry.row.payoutId && movesMoney(item)}
}

/** Reads the rows once more to name the lines that would not fit. */
async function problemLines(chunkOptions: ChunkOptions<unknown>, facts: Facts, movesMoney: (item: unknown) => boolean) {
  const problems: CheckProblem[] = []
  const used = new Map<string, Big>()
  const overflowing = new Map<string, {first: number; rows: number}>()
  const add = (problem: CheckProblem) => {
    if (problems.length < LISTED) problems.push(problem)
  }
  for await (const entry of fileRows(chunkOptions)) {
    const checked = checkedItem(entry, movesMoney)
    if (!checked) continue
    const {line, item, reserves} = checked
    const currency = item.currency.toUpperCase()
    if (!facts.currencies.has(currency)) {
      add({
        line: line,
        message: `currency ${currency} is not paid out by the service (it pays ${[...facts.currencies].sort().join(', ')})`,
      })
      continue
    }
    if (!reserves) continue
    const total = (used.get(currency) ?? new Big(0)).plus(item.amount ?? item.payoutAmount ?? '0')
    used.set(currency, total)
    const room = facts.room.get(currency) ?? new Big(0)
    if (total.gt(room)) {
      const over = overflowing.get(currency)
      if (over) over.rows++
      else overflowing.set(currency, {first: line, rows: 1})
    }
  }
  const overflows: CheckProblem[] = []
  for (const [currency, over] of overflowing) {
    const room = facts.room.get(currency) ?? new Big(0)
    overflows.push({
      line: over.first,
      message: `${over.rows} row${over.rows === 1 ? '' : 's'} from here on would not be approved: ${formatAmount(present(used.get(currency)), currency)} ${currency} to approve, ${formatAmount(room, currency)} ${currency} available`,
    })
  }
  return [...overflows, ...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
}

export async function checkOnline(options: {
  client: () => Promise<PayoutClient>
  validation: ValidationResult
  chunkOptions: ChunkOptions<unknown>
  movesMoney: (item: unknown) => boolean
}): Promise<OnlineChecks> {
  let facts: Facts
  try {
    facts = await serviceFacts(await options.client())
  } catch (error) {
    return {online: false, offlineReason: messageOf(error), problems: []}
  }
  if (!anyProblem(options.validation, facts)) return {online: true, problems: []}
  return {online: true, problems: await problemLines(options.chunkOptions, facts, options.movesMoney)}
}
