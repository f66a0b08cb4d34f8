import type {PayoutState} from '../../contract/lifecycle.js'
/** Rows as SQLite stores them (snake_case, JSON in TEXT columns, amounts as decimal strings). */

export type PayoutStatus = PayoutState

export type RecipientType = 'email' | 'phone' | 'handle' | 'counterparty' | 'none'

export interface TeamRow {
  id: string
  name: string
  kyb_status: string
  dac7_reporting_required: number
  wallet_address: string | null
  created_at: string
  /** 1 when the team has the white-label feature (`branding: team`, and `platform` for its OAuth clients). */
  white_label?: number
}

export interface MemberRow {
  team_id: string
  email: string
  name: string
  role: string
  joined_at: string
}

export interface ApiKeyRow {
  key: string
  team_id: string
  name: string
  scopes: string
  created_at: string
  revoked_at: string | null
}

export interface AccountRow {
  team_id: string
  currency: string
  total: string
  reserved: string
  allowance_limit: string | null
  allowance_used: string
  allowance_resets_at: string | null
  iban: string
  created_at: string
}

/** How the money leaves: chosen by the recipient while claiming, or the counterparty's saved method. */
export interface PaymentMethodRecord {
  /** The claim method (`bank-iban`, `paypal`, …) or `counterparty`. */
  method: string
  details: Record<string, string>
  /** The v2 `paymentMethod` view. */
  type: string
  currency: string
  asset?: string
}

export interface PayoutRow {
  seq: number
  uuid: string
  team_id: string
  custom_id: string | null
  description: string
  amount: string
  currency: string
  recipient_type: RecipientType
  creator_handle: string | null
  email: string | null
  phone: string | null
  counterparty_uuid: string | null
  verification_method: string | null
  tags: string
  payout_type: string
  notifications: string
  status: PayoutStatus
  payment_method: string | null
  failure_code: string | null
  failure_reason: string | null
  approved_at: string | null
  claim_link_sent_at: string | null
  requested_at: string | null
  completed_at: string | null
  failed_at: string | null
  deleted_at: string | null
  expires_at: string
  created_at: string
  updated_at: string
}

export type NewPayout = Omit<PayoutRow, 'seq'>

export interface CounterpartyRow {
  seq: number
  uuid: string
  team_id: string
  custom_id: string | null
  identity: string
  email: string | null
  address: string | null
  payment_method: string | null
  tax_identity: string | null
  recipient_managed: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export type NewCounterparty = Omit<CounterpartyRow, 'seq'>

export interface TransactionRow {
  seq: number
  id: string
  team_id: string
  type: string
  status: string
  direction: string
  amount: string
  currency: string
  payout_uuid: string | null
  counterparty_uuid: string | null
  account: string | null
  reference: string | null
  tx_hash: string | null
  created_at: string
  completed_at: string | null
}

export type NewTransaction = Omit<TransactionRow, 'seq'>

export interface SubscriptionRow {
  id: string
  team_id: string
  target_url: string
  event_type: string
  secret: string
  created_at: string
  /** JSON array of the v2 event names the subscription asked for; null: v1 deliveries only. */
  events: string | null
}

export interface DeliveryRow {
  seq: number
  id: string
  subscription_id: string
  url: string
  event: string
  event_seq: number
  body: string
  attempt: number
  state: 'pending' | 'sending' | 'done'
  response_status: number | null
  error: string | null
  scheduled_at: number
  sent_at: number | null
}

export interface IdempotencyRow {
  team_id: string
  scope: string
  key: string
  request_hash: string
  status: number
  body: string
  created_at: number
}
