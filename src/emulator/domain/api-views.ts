import Big from 'big.js'
import {v2PayoutIdOf} from '../../contract/ids.js'
import {isDeleted, isTransactionSettled, isUpdatable, v1StateOf} from '../../contract/lifecycle.js'
import {looksLikeMailbox} from '../../contract/primitives.js'
import {formatAmount as formatMoney} from '../../shared/money.js'
import type {
  AccountRow,
  CounterpartyRow,
  MemberRow,
  PaymentMethodRecord,
  PayoutRow,
  PayoutStatus,
  TeamRow,
  TransactionRow,
} from '../store/row-types.js'
import {claimLinkUrl, documentUrl, hasInvoices, selfBillingNumber} from './public-links.js'
import {EUR_RATES, TOKEN_SYMBOLS} from './reference-data.js'

/**
 * The API representations (spec section 2). Absent optional fields are omitted, never null (spec 2.1, 6.3).
 * `origin` (the emulator's address as the caller reached it) fills the URL fields; without it they are omitted.
 */

type Json = Record<string, unknown>

const put = (target: Json, key: string, value: unknown) => {
  if (value !== null && value !== undefined) target[key] = value
}

/** v1 has no `failed`: a payout whose transfer failed stays `requested` while the failure is handled (spec 1). */
export const v1Status = (status: PayoutStatus): string => v1StateOf(status)

export const v2PayoutId = v2PayoutIdOf
export const v2CounterpartyId = (uuid: string) => `counterparty_${uuid}`
export const v2TeamId = (uuid: string) => `team_${uuid}`

export function payoutV1(row: PayoutRow, origin?: string): Json {
  const body: Json = {id: row.uuid, uuid: row.uuid}
  put(body, 'customId', row.custom_id)
  body.description = row.description
  body.amount = row.amount
  body.currency = row.currency
  body.createdAt = row.created_at
  body.updatedAt = row.updated_at
  put(body, 'creatorHandle', row.creator_handle ?? row.email ?? row.phone)
  put(body, 'verificationMethod', row.verification_method)
  put(body, 'handleType', row.verification_method)
  put(body, 'email', row.email)
  put(body, 'phone', row.phone)
  body.tags = JSON.parse(row.tags)
  body.payoutType = row.payout_type
  body.status = v1Status(row.status)
  body.notifications = row.notifications
  if (origin && !isDeleted(row.status)) body.url = claimLinkUrl(origin, row.uuid)
  return body
}

function recipientV2(row: PayoutRow): Json | undefined {
  if (row.recipient_type === 'email') return {type: 'email', email: row.email}
  if (row.recipient_type === 'phone') return {type: 'phone', phone: row.phone}
  if (row.recipient_type === 'handle' && row.creator_handle) {
    if (looksLikeMailbox(row.creator_handle)) return {type: 'email', email: row.creator_handle}
    return {type: 'handle', handle: row.creator_handle}
  }
  return undefined
}

export function paymentMethodView(record: PaymentMethodRecord): Json {
  const view: Json = {type: record.type}
  put(view, 'asset', record.asset)
  view.currency = record.currency
  return view
}

/** Spec 2.2's date fields and invoices: `availableOn` once the transfer is requested, invoices once completed. */
function settlementFields(body: Json, row: PayoutRow, origin: string | undefined): void {
  const available = row.completed_at ?? row.requested_at
  if (available) body.availableOn = available.slice(0, 10)
  if (!origin || !hasInvoices(row)) return
  body.senderInvoiceUrl = documentUrl(origin, 'sender-invoice', row.uuid)
  body.recipientInvoiceUrl = documentUrl(origin, 'self-billing-invoice', row.uuid)
  body.recipientInvoiceSource = 'self_billing'
}

export function payoutV2(row: PayoutRow, origin?: string): Json {
  const body: Json = {object: 'payout', id: v2PayoutId(row.uuid)}
  put(body, 'customId', row.custom_id)
  body.description = row.description
  body.amount = row.amount
  body.currency = row.currency
  put(body, 'recipient', recipientV2(row))
  if (row.counterparty_uuid) body.counterpartyId = v2CounterpartyId(row.counterparty_uuid)
  body.status = row.status
  body.locked = !isUpdatable(row.status)
  body.expiresAt = row.expires_at
  body.tags = JSON.parse(row.tags)
  if (row.payment_method) body.paymentMethod = paymentMethodView(JSON.parse(row.payment_method))
  settlementFields(body, row, origin)
  put(body, 'failureCode', row.failure_code)
  put(body, 'failureReason', row.failure_reason)
  put(body, 'approvedAt', row.approved_at)
  put(body, 'claimLinkSentAt', row.claim_link_sent_at)
  put(body, 'requestedAt', row.requested_at)
  put(body, 'completedAt', row.completed_at)
  body.createdAt = row.created_at
  body.updatedAt = row.updated_at
  return body
}

export function counterpartyView(row: CounterpartyRow, missing: string[]): Json {
  const body: Json = {object: 'counterparty', id: v2CounterpartyId(row.uuid)}
  put(body, 'customId', row.custom_id)
  body.identity = JSON.parse(row.identity)
  put(body, 'email', row.email)
  if (row.address) body.address = JSON.parse(row.address)
  if (row.payment_method) body.paymentMethod = JSON.parse(row.payment_method)
  if (row.tax_identity) body.taxIdentity = JSON.parse(row.tax_identity)
  body.recipientManaged = row.recipient_managed === 1
  body.missing = missing
  body.createdAt = row.created_at
  body.updatedAt = row.updated_at
  return body
}

/** The self-billing invoice of a completed payout transfer (spec 2.6 `documents`). */
function documentsOf(row: TransactionRow, origin: string | undefined): Json[] {
  if (!origin || row.type !== 'payout' || !isTransactionSettled(row.status) || !row.payout_uuid || !row.completed_at)
    return []
  const payout = {uuid: row.payout_uuid, completed_at: row.completed_at}
  return [
    {
      type: 'self_billing_invoice',
      number: selfBillingNumber(payout),
      url: documentUrl(origin, 'self-billing-invoice', row.payout_uuid),
      issuedAt: row.completed_at,
    },
  ]
}

export function transactionView(row: TransactionRow, origin?: string): Json {
  const body: Json = {
    object: 'transaction',
    id: row.id,
    type: row.type,
    status: row.status,
    direction: row.direction,
    amount: row.amount,
    currency: row.currency,
    payoutIds: row.payout_uuid ? [v2PayoutId(row.payout_uuid)] : [],
  }
  if (row.counterparty_uuid) body.counterpartyId = v2CounterpartyId(row.counterparty_uuid)
  if (row.account) body.account = JSON.parse(row.account)
  put(body, 'reference', row.reference)
  put(body, 'txHash', row.tx_hash)
  body.documents = documentsOf(row, origin)
  body.createdAt = row.created_at
  put(body, 'completedAt', row.completed_at)
  return body
}

const BANK = {bic: 'EMULDEB1XXX', bankName: 'Emulator Sandbox Bank', bankAddress: '1 Sandbox Street, 10115 Berlin, DE'}

const depositReference = (teamId: string) => `TEAM-${teamId.slice(0, 8).toUpperCase()}`

function depositInstruction(team: TeamRow, account: AccountRow): Json {
  return {
    type: 'bank_iban',
    iban: account.iban,
    bic: BANK.bic,
    ownership: 'dedicated',
    beneficiary: team.name,
    bankName: BANK.bankName,
    bankAddress: BANK.bankAddress,
    reference: depositReference(team.id),
  }
}

const money = formatMoney

export function accountView(team: TeamRow, account: AccountRow): Json {
  const available = new Big(account.total).minus(account.reserved)
  return {
    object: 'account',
    currency: account.currency,
    balance: {
      total: money(account.total, account.currency),
      reserved: money(account.reserved, account.currency),
      available: money(available, account.currency),
    },
    allowance: account.allowance_limit
      ? {
          limit: money(account.allowance_limit, account.currency),
          used: money(account.allowance_used, account.currency),
          resetsAt: account.allowance_resets_at,
        }
      : null,
    depositInstructions: [depositInstruction(team, account)],
  }
}

export function teamV2(team: TeamRow): Json {
  return {
    object: 'team',
    id: v2TeamId(team.id),
    name: team.name,
    kybStatus: team.kyb_status,
    dac7ReportingRequired: team.dac7_reporting_required === 1,
    walletReady: team.wallet_address !== null,
    createdAt: team.created_at,
  }
}

/** `balances[].depositInfo` was removed on 2026-09-23 (spec section 9); the emulator follows its own clock. */
const DEPOSIT_INFO_REMOVED_AT = Date.parse('2026-09-23T00:00:00Z')

export function teamV1(
  team: TeamRow,
  accounts: AccountRow[],
  members: MemberRow[],
  scheduled: Record<string, string>,
  nowMs: number,
): Json {
  let totalEur = new Big(0)
  for (const account of accounts)
    totalEur = totalEur.plus(new Big(account.total).times(EUR_RATES[account.currency] ?? '0'))
  const balances = accounts.map((account, index) => {
    const balance: Json = {
      type: 'wallet',
      currency: account.currency,
      tokenSymbol: TOKEN_SYMBOLS[account.currency] ?? account.currency,
      isActivePayout: index === 0,
      tokenAddress: `0x${Buffer.from(`token-${account.currency}`).toString('hex').padEnd(40, '0').slice(0, 40)}`,
    }
    put(balance, 'walletAddress', team.wallet_address)
    balance.balance = money(account.total, account.currency)
    balance.allowance = account.allowance_limit
      ? {
          limit: money(account.allowance_limit, account.currency),
          used: money(account.allowance_used, account.currency),
          remaining: money(new Big(account.allowance_limit).minus(account.allowance_used), account.currency),
          nextResetAt: account.allowance_resets_at,
        }
      : null
    if (nowMs < DEPOSIT_INFO_REMOVED_AT)
      balance.depositInfo = {
        type: 'iban',
        iban: account.iban,
        beneficiary: team.name,
        bic: BANK.bic,
        swift: {
          iban: account.iban,
          bic: BANK.bic,
          beneficiary: team.name,
          bankName: BANK.bankName,
          bankAddress: BANK.bankAddress,
          reference: depositReference(team.id),
        },
      }
    balance.openPayoutAmount = money(account.reserved, account.currency)
    balance.balanceAfterPendingPayouts = money(new Big(account.total).minus(account.reserved), account.currency)
    balance.scheduledPayoutAmount = money(scheduled[account.currency] ?? '0', account.currency)
    return balance
  })
  return {
    id: team.id,
    teamUuid: team.id,
    name: team.name,
    kybStatus: team.kyb_status,
    dac7ReportingRequired: team.dac7_reporting_required === 1,
    totalBalance: money(totalEur.round(2, Big.roundHalfEven), 'EUR'),
    totalBalanceCurrency: 'EUR',
    balances,
    deposits: accounts.map(account => ({
      currency: account.currency,
      rails: [{...depositInstruction(team, account), type: 'sepa'}],
    })),
    members: members.map(member => ({
      email: member.email,
      name: member.name,
      role: member.role,
      joinedAt: member.joined_at,
    })),
  }
}
