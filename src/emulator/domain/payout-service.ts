import {randomUUID} from 'node:crypto'
import {KNOWN_NOTIFICATIONS, KNOWN_PAYOUT_TYPES} from '../../contract/open-enums.js'
import {UUID} from '../../contract/primitives.js'
import {formatAmount as formatMoney} from '../../shared/money.js'
import {type ApiFailure, invalidField, invalidState, notFound, payoutNotFound} from '../http/api-failure.js'
import {type Principal, requireScopes} from '../http/principal.js'
import type {Store} from '../store/index.js'
import type {NewPayout, PayoutRow, RecipientType} from '../store/row-types.js'
import {Scope} from './api-scopes.js'
import {v1Status, v2PayoutId} from './api-views.js'
import type {Clock} from './clock.js'
import type {CounterpartyRegistry} from './counterparty-registry.js'
import {Checker, checkedPathId, type Json} from './input-checker.js'
import {contactOf} from './payout-contact.js'
import type {PayoutEvents} from './payout-events.js'
import {AND_THEN, type AndThen, type Item, type Settlement} from './settlement.js'

/**
 * Payouts shared by both generations: input validation (v1 and v2 bodies), the v1 upsert on `customId`,
 * v2 creation with `andThen`, updates, deletes and id resolution.
 */

/** How long an unclaimed payout stays open before it expires (the spec does not say; docs/emulator.md). */
export const PAYOUT_LIFETIME_DAYS = 30

const V1_FIELDS = [
  'description',
  'payoutAmount',
  'currency',
  'customId',
  'creatorHandle',
  'verificationMethod',
  'handleType',
  'preApproved',
  'payoutType',
  'email',
  'phone',
  'tags',
  'notifications',
]
const V2_FIELDS = ['customId', 'description', 'amount', 'currency', 'recipient', 'counterpartyId', 'tags', 'andThen']
const V2_PATCH_FIELDS = V2_FIELDS.filter(field => field !== 'andThen')

/** Payout columns a request may set. */
export type PayoutFields = Pick<
  NewPayout,
  | 'custom_id'
  | 'description'
  | 'amount'
  | 'currency'
  | 'recipient_type'
  | 'creator_handle'
  | 'email'
  | 'phone'
  | 'counterparty_uuid'
  | 'verification_method'
  | 'tags'
  | 'payout_type'
  | 'notifications'
>

export interface V2CreateInput {
  fields: PayoutFields
  andThen?: AndThen
  counterpartyId?: string
}

const tagRule = {maxItems: 50, maxLength: 100}

/** Columns a v1 body changes on `existing`; optional fields the body leaves out keep their values. */
function v1Changes(existing: PayoutRow, fields: PayoutFields, present: Set<string>): Partial<PayoutRow> {
  const changes: Partial<PayoutRow> = {}
  const set = <K extends keyof PayoutFields>(column: K, bodyField?: string) => {
    if (bodyField && !present.has(bodyField)) return
    if (existing[column] !== fields[column]) changes[column] = fields[column] as PayoutRow[K]
  }
  set('description')
  set('amount')
  set('currency')
  set('creator_handle', 'creatorHandle')
  set('email', 'email')
  set('phone', 'phone')
  if (present.has('verificationMethod') || present.has('handleType')) set('verification_method')
  set('tags', 'tags')
  set('payout_type', 'payoutType')
  set('notifications', 'notifications')
  if (changes.creator_handle !== undefined || changes.email !== undefined || changes.phone !== undefined)
    changes.recipient_type = v1RecipientType({...existing, ...changes})
  return changes
}

function v1RecipientType(row: Pick<PayoutRow, 'email' | 'phone' | 'creator_handle'>): RecipientType {
  if (row.email) return 'email'
  if (row.phone) return 'phone'
  if (row.creator_handle) return 'handle'
  return 'none'
}

const IMMUTABLE_V1_FIELDS = {amount: 'payoutAmount', currency: 'currency', creator_handle: 'creatorHandle'} as const

function assertImmutableKept(existing: PayoutRow, changes: Partial<PayoutRow>, label: string): void {
  if (existing.payout_type !== 'manual-immutable') return
  const locked = (['amount', 'currency', 'creator_handle'] as const).filter(column => column in changes)
  if (!locked.length && !changes.payout_type) return
  throw invalidState(
    `${label} is manual-immutable: its source-of-truth fields (payoutAmount, currency, creatorHandle) and payoutType cannot be updated`,
    {fields: locked.map(column => IMMUTABLE_V1_FIELDS[column])},
  )
}

/** A currency change without an amount keeps the stored amount, which must fit the new currency. */
function assertAmountFits(amount: string, currency: string | undefined): void {
  const problem = new Checker()
  problem.amount({amount}, 'amount', currency)
  if (!problem.ok) throw invalidField('amount', `${amount} does not fit ${currency}; send amount as well`)
}

export class PayoutService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: PayoutEvents,
    private readonly settlement: Settlement,
    private readonly counterparties: CounterpartyRegistry,
  ) {}

  // ---- resolution ----

  /** v1: a UUID (`id_type=id`) or a customId (`id_type=custom_id`); deleted payouts are still found. */
  resolveV1(teamId: string, id: string, idType: string | null): PayoutRow {
    if (idType !== null && idType !== 'id' && idType !== 'custom_id')
      throw invalidField('id_type', 'must be id or custom_id')
    if (idType === 'custom_id') {
      const row = this.store.payouts.byCustomId(teamId, checkedPathId(id))
      if (!row) throw notFound(`no payout with customId ${id}`)
      return row
    }
    if (!UUID.test(id)) throw invalidField('id', 'must be a payout UUID; pass id_type=custom_id to look up a customId')
    const row = this.store.payouts.byUuid(teamId, id.toLowerCase())
    if (!row) throw notFound(`no payout ${id}`)
    return row
  }

  /** v2: `payout_<uuid>` or a customId; a deleted payout is PAYOUT_NOT_FOUND everywhere. */
  resolveV2(teamId: string, id: string, fail: (failure: ApiFailure) => ApiFailure = f => f): PayoutRow {
    let row: PayoutRow | undefined
    if (id.startsWith('payout_')) {
      const uuid = id.slice('payout_'.length)
      row = UUID.test(uuid) ? this.store.payouts.byUuid(teamId, uuid.toLowerCase()) : undefined
    } else row = this.store.payouts.byCustomId(teamId, checkedPathId(id))
    if (!row || row.status === 'deleted') throw fail(payoutNotFound(id))
    return row
  }

  /** Where a claim link goes: the recipient's e-mail or phone, an e-mail handle, or the counterparty's e-mail. */
  contactOf(row: PayoutRow): string | undefined {
    return contactOf(row, this.counterparties)
  }

  private newRow(teamId: string, fields: PayoutFields): NewPayout {
    const now = this.clock.nowMs()
    const iso = new Date(now).toISOString()
    return {
      uuid: randomUUID(),
      team_id: teamId,
      ...fields,
      status: 'created',
      payment_method: null,
      failure_code: null,
      failure_reason: null,
      approved_at: null,
      claim_link_sent_at: null,
      requested_at: null,
      completed_at: null,
      failed_at: null,
      deleted_at: null,
      expires_at: new Date(now + PAYOUT_LIFETIME_DAYS * 86_400_000).toISOString(),
      created_at: iso,
      updated_at: iso,
    }
  }

  // ---- v1 ----

  private parseV1(body: unknown): {fields: PayoutFields; preApproved: boolean; present: Set<string>} {
    const check = new Checker()
    const input = check.object(body, '', V1_FIELDS)
    check.throwIfAny()
    const b = input as Json
    const description = check.string(b, 'description', {required: true, max: 1000, freeText: true})
    const currency = check.currency(b, 'currency')
    const amount = check.amount(b, 'payoutAmount', currency)
    const customId = check.customId(b, 'customId', 255)
    const creatorHandle = check.string(b, 'creatorHandle', {max: 255, min: 1})
    const verificationMethod = check.string(b, 'verificationMethod', {max: 100, min: 1})
    const handleType = check.string(b, 'handleType', {max: 100, min: 1})
    if (verificationMethod && handleType && verificationMethod !== handleType)
      check.fail('handleType', 'is the deprecated name of verificationMethod and must not differ from it')
    const preApproved = check.boolean(b, 'preApproved')
    const payoutType = check.string(b, 'payoutType', {oneOf: KNOWN_PAYOUT_TYPES})
    const email = check.email(b, 'email')
    const phone = check.phone(b, 'phone')
    const tags = check.stringArray(b, 'tags', tagRule)
    const notifications = check.string(b, 'notifications', {oneOf: KNOWN_NOTIFICATIONS})
    check.throwIfAny()
    const recipientType: RecipientType = email ? 'email' : phone ? 'phone' : creatorHandle ? 'handle' : 'none'
    return {
      fields: {
        custom_id: customId ?? null,
        description: description!,
        amount: formatMoney(amount!, currency!),
        currency: currency!,
        recipient_type: recipientType,
        creator_handle: creatorHandle ?? null,
        email: email ?? null,
        phone: phone ?? null,
        counterparty_uuid: null,
        verification_method: verificationMethod ?? handleType ?? null,
        tags: JSON.stringify(tags ?? []),
        payout_type: payoutType ?? 'manual',
        notifications: notifications ?? 'allowed',
      },
      preApproved: preApproved ?? false,
      present: new Set(Object.keys(b)),
    }
  }

  /** v1 `POST /payout`: create, or update the payout with the same customId (spec section 3). */
  upsertV1(principal: Principal, body: unknown): {row: PayoutRow; action: 'created' | 'updated'} {
    const {fields, preApproved, present} = this.parseV1(body)
    if (preApproved) requireScopes(principal, Scope.payoutsApprove)
    const existing = fields.custom_id ? this.store.payouts.byCustomId(principal.teamId, fields.custom_id) : undefined
    if (!existing) {
      let row = this.store.payouts.insert(this.newRow(principal.teamId, fields))
      this.events.changed(row)
      if (preApproved) row = this.settlement.approve(principal, [{row}])[0]
      return {row, action: 'created'}
    }
    const label = `payout ${existing.uuid} (customId ${existing.custom_id})`
    if (existing.status === 'deleted') throw invalidState(`${label} was deleted; its customId cannot be reused`)
    const changes = v1Changes(existing, fields, present)
    assertImmutableKept(existing, changes, label)
    let row = existing
    if (Object.keys(changes).length) {
      if (existing.status !== 'created')
        throw invalidState(`${label} is ${v1Status(existing.status)}; only created payouts can be updated`)
      row = this.store.payouts.patch(existing, {...changes, updated_at: this.clock.iso()})
    }
    if (preApproved && row.status === 'created') row = this.settlement.approve(principal, [{row}])[0]
    return {row, action: 'updated'}
  }

  /** v1 DELETE: created, approved and expired payouts; a deleted one is returned unchanged. */
  deleteV1(row: PayoutRow): PayoutRow {
    if (row.status === 'deleted') return row
    if (row.status === 'created' || row.status === 'approved' || row.status === 'expired')
      return this.settlement.markDeleted(row)
    throw invalidState(`payout ${row.uuid} is ${v1Status(row.status)}; it can no longer be deleted`)
  }

  // ---- v2 ----

  /** Validates one v2 create body; problems go to `check` (paths under its base). */
  parseV2(value: unknown, check: Checker, path: string): V2CreateInput | undefined {
    const before = check.details.length
    const body = check.object(value, path, V2_FIELDS)
    if (!body) return undefined
    const sub = new Checker(path)
    const description = sub.string(body, 'description', {required: true, max: 1000, freeText: true})
    const currency = sub.currency(body, 'currency')
    const amount = sub.amount(body, 'amount', currency)
    const customId = sub.customId(body, 'customId', 255)
    const tags = sub.stringArray(body, 'tags', tagRule)
    const andThen = sub.string(body, 'andThen', {oneOf: AND_THEN}) as AndThen | undefined
    const recipient = this.parseRecipient(body, sub)
    check.details.push(...sub.details)
    if (check.details.length > before || !recipient) return undefined
    return {
      fields: {
        custom_id: customId ?? null,
        description: description!,
        amount: formatMoney(amount!, currency!),
        currency: currency!,
        recipient_type: recipient.type,
        creator_handle: null,
        email: recipient.email ?? null,
        phone: recipient.phone ?? null,
        counterparty_uuid: null,
        verification_method: null,
        tags: JSON.stringify(tags ?? []),
        payout_type: 'manual',
        notifications: 'allowed',
      },
      andThen,
      counterpartyId: recipient.counterpartyId,
    }
  }

  private parseRecipient(
    body: Json,
    check: Checker,
  ): {type: RecipientType; email?: string; phone?: string; counterpartyId?: string} | undefined {
    const hasRecipient = body.recipient !== undefined
    const hasCounterparty = body.counterpartyId !== undefined
    if (hasRecipient === hasCounterparty) {
      check.fail(check.path(hasRecipient ? 'counterpartyId' : 'recipient'), 'give either recipient or counterpartyId')
      return undefined
    }
    if (hasCounterparty) {
      const counterpartyId = check.id(body, 'counterpartyId', 'counterparty_', true)
      return counterpartyId ? {type: 'counterparty', counterpartyId} : undefined
    }
    const path = check.path('recipient')
    const recipient = check.object(body.recipient, path, ['type', 'email', 'phone'])
    if (!recipient) return undefined
    const sub = new Checker(path)
    const type = sub.string(recipient, 'type', {required: true, oneOf: ['email', 'phone']})
    const email = sub.email(recipient, 'email', type === 'email')
    const phone = sub.phone(recipient, 'phone', type === 'phone')
    check.details.push(...sub.details)
    if (!sub.ok || !type) return undefined
    return {type: type as RecipientType, email, phone}
  }

  /**
   * v2 create (single or batch): customIds must be new (also within the batch), counterparties must exist;
   * items with `andThen` are approved together (one balance decision) and followed up.
   */
  createV2(principal: Principal, inputs: Array<V2CreateInput & {index?: number}>): PayoutRow[] {
    const teamId = principal.teamId
    const seen = new Set<string>()
    const rows = inputs.map(input => {
      const fail = (failure: ApiFailure) => (input.index === undefined ? failure : failure.at(input.index))
      const customId = input.fields.custom_id
      if (customId) {
        const taken = this.store.payouts.byCustomId(teamId, customId)
        if (taken || seen.has(customId))
          throw fail(
            invalidState(
              `customId "${customId}" is already used${taken ? ` by ${v2PayoutId(taken.uuid)}` : ' earlier in this batch'}`,
              taken ? {id: v2PayoutId(taken.uuid)} : undefined,
            ),
          )
        seen.add(customId)
      }
      const fields = {...input.fields}
      if (input.counterpartyId) {
        fields.counterparty_uuid = this.counterparties.resolve(teamId, input.counterpartyId, fail).uuid
      }
      return this.store.payouts.insert(this.newRow(teamId, fields))
    })
    this.events.changed(rows)
    const follow = inputs.flatMap((input, position) =>
      input.andThen ? [{row: rows[position], andThen: input.andThen, index: input.index, position}] : [],
    )
    if (!follow.length) return rows
    const done = this.settlement.approve(principal, follow)
    follow.forEach((item, i) => {
      rows[item.position] = done[i]
    })
    return rows
  }

  /** v2 PATCH: only while `created`; omitted fields unchanged; `recipient` (or `counterpartyId`) replaced whole. */
  patchV2(row: PayoutRow, body: unknown): PayoutRow {
    const check = new Checker()
    const input = check.object(body, '', V2_PATCH_FIELDS)
    check.throwIfAny()
    const b = input as Json
    const changes: Partial<PayoutRow> = {}
    const description = check.string(b, 'description', {min: 1, max: 1000, freeText: true})
    const currency = b.currency === undefined ? row.currency : check.currency(b, 'currency')
    const amount = check.amount(b, 'amount', currency, false)
    const customId = check.customId(b, 'customId', 255)
    const tags = check.stringArray(b, 'tags', tagRule)
    let recipient: ReturnType<PayoutService['parseRecipient']>
    if (b.recipient !== undefined || b.counterpartyId !== undefined) recipient = this.parseRecipient(b, check)
    check.throwIfAny()
    if (row.status !== 'created')
      throw invalidState(`payout ${v2PayoutId(row.uuid)} is ${row.status}; only created payouts can be updated`)
    if (description !== undefined) changes.description = description
    if (b.currency !== undefined) changes.currency = currency
    if (amount !== undefined) changes.amount = formatMoney(amount, currency!)
    else if (b.currency !== undefined) assertAmountFits(row.amount, currency)
    if (tags !== undefined) changes.tags = JSON.stringify(tags)
    if (customId !== undefined && customId !== row.custom_id) {
      const taken = this.store.payouts.byCustomId(row.team_id, customId)
      if (taken) throw invalidState(`customId "${customId}" is already used by ${v2PayoutId(taken.uuid)}`)
      changes.custom_id = customId
    }
    if (recipient) {
      changes.recipient_type = recipient.type
      changes.email = recipient.email ?? null
      changes.phone = recipient.phone ?? null
      changes.creator_handle = null
      changes.counterparty_uuid = recipient.counterpartyId
        ? this.counterparties.resolve(row.team_id, recipient.counterpartyId).uuid
        : null
    }
    if (!Object.keys(changes).length) return row
    return this.store.payouts.patch(row, {...changes, updated_at: this.clock.iso()})
  }

  /** v2 DELETE: created, approved, failed and expired payouts. */
  deleteV2(row: PayoutRow): void {
    if (row.status === 'requested' || row.status === 'completed')
      throw invalidState(`payout ${v2PayoutId(row.uuid)} is ${row.status}; it can no longer be deleted`)
    this.settlement.markDeleted(row)
  }

  /** Validates a batch body `{ids, andThen?}`: 1 to 100 ids. */
  parseBatch(body: unknown, withAndThen: boolean): {ids: string[]; andThen?: AndThen} {
    const check = new Checker()
    const input = check.object(body, '', withAndThen ? ['ids', 'andThen'] : ['ids'])
    check.throwIfAny()
    const b = input as Json
    const ids = check.stringArray(b, 'ids', {required: true, minItems: 1, maxItems: 100, maxLength: 300})
    const andThen = withAndThen ? (check.string(b, 'andThen', {oneOf: AND_THEN}) as AndThen | undefined) : undefined
    check.throwIfAny()
    return {ids: ids!, andThen}
  }

  /** Resolves batch ids, each failure located by its index; an id listed twice is refused. */
  resolveBatch(teamId: string, ids: string[]): Item[] {
    const seen = new Set<string>()
    return ids.map((id, index) => {
      const row = this.resolveV2(teamId, id, failure => failure.at(index))
      if (seen.has(row.uuid)) throw invalidField(`ids.${index}`, `payout ${id} is listed twice`).at(index)
      seen.add(row.uuid)
      return {row, index}
    })
  }
}
