import {randomUUID} from 'node:crypto'
import type * as z from 'zod/mini'
import type {ErrorDetail} from '../../contract/error-envelope.js'
import {hasPayoutPrefix, payoutIdBody} from '../../contract/ids.js'
import {initialState, isApprovable, isDeletable, isDeleted, isUpdatable, onlyFrom} from '../../contract/lifecycle.js'
import {normalizeCustomId, UUID} from '../../contract/primitives.js'
import type {
  AndThen,
  createPayoutV1Body,
  createPayoutV2Body,
  PatchPayoutV2,
  patchPayoutV2Body,
} from '../../contract/requests/index.js'
import {formatAmount as formatMoney} from '../../shared/money.js'
import {present} from '../../shared/present.js'
import {type ApiFailure, invalidField, invalidState, notFound, payoutNotFound} from '../http/api-failure.js'
import {type Principal, requireScopes} from '../http/principal.js'
import type {Store} from '../store/index.js'
import type {NewPayout, PayoutRow, RecipientType} from '../store/row-types.js'
import {Scope} from './api-scopes.js'
import {v1Status, v2PayoutId} from './api-views.js'
import type {Clock} from './clock.js'
import type {CounterpartyRegistry} from './counterparty-registry.js'
import {isObject} from './json-value.js'
import {amountProblems, moneyProblems} from './money-rules.js'
import {contactOf} from './payout-contact.js'
import type {PayoutEvents} from './payout-events.js'
import type {Item, Settlement} from './settlement.js'

/**
 * Payouts shared by both generations: input validation (v1 and v2 bodies), the v1 upsert on `customId`,
 * v2 creation with `andThen`, updates, deletes and id resolution.
 */

/** How long an unclaimed payout stays open before it expires (the spec does not say; docs/emulator.md). */
export const PAYOUT_LIFETIME_DAYS = 30

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

type V1CreateBody = z.output<typeof createPayoutV1Body>
type V2CreateBody = z.output<typeof createPayoutV2Body>
type V2PatchBody = z.output<typeof patchPayoutV2Body>

export interface V2CreateInput {
  fields: PayoutFields
  andThen?: AndThen
  counterpartyId?: string
}

/** The recipient columns of a checked v2 body: an e-mail or phone recipient, or a counterparty. */
function recipientOf(body: Pick<PatchPayoutV2, 'recipient' | 'counterpartyId'>): {
  type: RecipientType
  email?: string
  phone?: string
  counterpartyId?: string
} {
  if (body.counterpartyId !== undefined) return {type: 'counterparty', counterpartyId: body.counterpartyId}
  const recipient = present(body.recipient)
  return {type: recipient.type, email: recipient.email, phone: recipient.phone}
}

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
  return withoutOthersClaim(existing, changes)
}

const RECIPIENT_COLUMNS = ['recipient_type', 'email', 'phone', 'creator_handle', 'counterparty_uuid'] as const

/**
 * A claimed payment method is the recipient's choice: when an update gives the payout another recipient, the claim
 * of the one before is dropped, so the money never goes where someone else chose.
 */
function withoutOthersClaim(existing: PayoutRow, changes: Partial<PayoutRow>): Partial<PayoutRow> {
  const moved = RECIPIENT_COLUMNS.some(column => column in changes && changes[column] !== existing[column])
  return moved && existing.payment_method ? {...changes, payment_method: null} : changes
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
function assertAmountFits(amount: string, currency: string): void {
  if (amountProblems(amount, currency, 'amount').length)
    throw invalidField('amount', `${amount} does not fit ${currency}; send amount as well`)
}

/** The service's rules on a v1 create body: its money, and `handleType` (deprecated) the same as `verificationMethod`. */
export function v1PayoutProblems(body: unknown): ErrorDetail[] {
  if (!isObject(body)) return []
  const {verificationMethod, handleType} = body
  const renamed =
    typeof verificationMethod === 'string' && typeof handleType === 'string' && verificationMethod !== handleType
      ? [{path: 'handleType', message: 'is the deprecated name of verificationMethod and must not differ from it'}]
      : []
  return [...renamed, ...moneyProblems(body, 'payoutAmount')]
}

/** The service's rules on a v2 create body (a batch item's under `base`): its money. */
export const v2PayoutProblems = (body: unknown, base = ''): ErrorDetail[] => moneyProblems(body, 'amount', base)

/** The service's rules on a v2 PATCH of `row`: its money, an amount alone in the payout's currency. */
export const v2PatchProblems = (body: unknown, row: PayoutRow): ErrorDetail[] =>
  moneyProblems(body, 'amount', '', row.currency)

export class PayoutService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: PayoutEvents,
    private readonly settlement: Settlement,
    private readonly counterparties: CounterpartyRegistry,
  ) {}

  // ---- resolution ----

  /**
   * v1: a UUID (`id_type=id`, the default) or a customId (`id_type=custom_id`), in the form the row's path
   * parameter checks; deleted payouts are still found.
   */
  resolveV1(teamId: string, id: string, idType: 'id' | 'custom_id' = 'id'): PayoutRow {
    if (idType === 'custom_id') {
      const row = this.store.payouts.byCustomId(teamId, normalizeCustomId(id))
      if (!row) throw notFound(`no payout with customId ${id}`)
      return row
    }
    const row = this.store.payouts.byUuid(teamId, id.toLowerCase())
    if (!row) throw notFound(`no payout ${id}`)
    return row
  }

  /** v2: `payout_<uuid>` or a customId; a deleted payout is PAYOUT_NOT_FOUND everywhere. */
  resolveV2(teamId: string, id: string, fail: (failure: ApiFailure) => ApiFailure = f => f): PayoutRow {
    let row: PayoutRow | undefined
    if (hasPayoutPrefix(id)) {
      const uuid = payoutIdBody(id)
      row = UUID.test(uuid) ? this.store.payouts.byUuid(teamId, uuid.toLowerCase()) : undefined
    } else row = this.store.payouts.byCustomId(teamId, normalizeCustomId(id))
    if (!row || isDeleted(row.status)) throw fail(payoutNotFound(id))
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
      status: initialState(),
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

  /** The columns of a v1 body that the contract and the service's rules (`v1PayoutProblems`) accepted. */
  private parseV1(input: V1CreateBody): {fields: PayoutFields; preApproved: boolean; present: Set<string>} {
    const {currency, payoutAmount: amount} = input
    const {creatorHandle, verificationMethod, handleType, preApproved, payoutType, email, phone, tags} = input
    const customId = input.customId === undefined ? undefined : normalizeCustomId(input.customId)
    const recipientType: RecipientType = email ? 'email' : phone ? 'phone' : creatorHandle ? 'handle' : 'none'
    return {
      fields: {
        custom_id: customId ?? null,
        description: input.description,
        amount: formatMoney(amount, currency),
        currency,
        recipient_type: recipientType,
        creator_handle: creatorHandle ?? null,
        email: email ?? null,
        phone: phone ?? null,
        counterparty_uuid: null,
        verification_method: verificationMethod ?? handleType ?? null,
        tags: JSON.stringify(tags ?? []),
        payout_type: payoutType ?? 'manual',
        notifications: input.notifications ?? 'allowed',
      },
      preApproved: preApproved ?? false,
      present: new Set(Object.keys(input)),
    }
  }

  /** v1 `POST /payout`: create, or update the payout with the same customId (spec section 3). */
  upsertV1(principal: Principal, body: V1CreateBody): {row: PayoutRow; action: 'created' | 'updated'} {
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
    if (isDeleted(existing.status)) throw invalidState(`${label} was deleted; its customId cannot be reused`)
    const changes = v1Changes(existing, fields, present)
    assertImmutableKept(existing, changes, label)
    let row = existing
    if (Object.keys(changes).length) {
      if (!isUpdatable(existing.status))
        throw invalidState(`${label} is ${v1Status(existing.status)}; ${onlyFrom('update')}`)
      row = this.store.payouts.patch(existing, {...changes, updated_at: this.clock.iso()})
    }
    if (preApproved && isApprovable(row.status)) row = this.settlement.approve(principal, [{row}])[0]
    return {row, action: 'updated'}
  }

  /** v1 DELETE: created, approved and expired payouts; a deleted one is returned unchanged. */
  deleteV1(row: PayoutRow): PayoutRow {
    if (isDeleted(row.status)) return row
    if (isDeletable(v1Status(row.status))) return this.settlement.markDeleted(row)
    throw invalidState(`payout ${row.uuid} is ${v1Status(row.status)}; it can no longer be deleted`)
  }

  // ---- v2 ----

  /** The columns of a v2 create body that the contract and the service's rules (`v2PayoutProblems`) accepted. */
  v2Input(body: V2CreateBody): V2CreateInput {
    const {currency, amount} = body
    const recipient = recipientOf(body)
    return {
      fields: {
        custom_id: body.customId === undefined ? null : normalizeCustomId(body.customId),
        description: body.description,
        amount: formatMoney(amount, currency),
        currency,
        recipient_type: recipient.type,
        creator_handle: null,
        email: recipient.email ?? null,
        phone: recipient.phone ?? null,
        counterparty_uuid: null,
        verification_method: null,
        tags: JSON.stringify(body.tags ?? []),
        payout_type: 'manual',
        notifications: 'allowed',
      },
      andThen: body.andThen,
      counterpartyId: body.counterpartyId,
    }
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

  /**
   * v2 PATCH (a body the contract and `v2PatchProblems` accepted): only while `created`; omitted fields unchanged;
   * `recipient` (or `counterpartyId`) replaced whole.
   */
  patchV2(row: PayoutRow, patch: V2PatchBody): PayoutRow {
    const changes: Partial<PayoutRow> = {}
    const currency = patch.currency ?? row.currency
    const amount = patch.amount
    const customId = patch.customId === undefined ? undefined : normalizeCustomId(patch.customId)
    if (!isUpdatable(row.status))
      throw invalidState(`payout ${v2PayoutId(row.uuid)} is ${row.status}; only created payouts can be updated`)
    if (patch.description !== undefined) changes.description = patch.description
    if (patch.currency !== undefined) changes.currency = currency
    if (amount !== undefined) changes.amount = formatMoney(amount, currency)
    else if (patch.currency !== undefined) assertAmountFits(row.amount, currency)
    if (patch.tags !== undefined) changes.tags = JSON.stringify(patch.tags)
    if (customId !== undefined && customId !== row.custom_id) {
      const taken = this.store.payouts.byCustomId(row.team_id, customId)
      if (taken) throw invalidState(`customId "${customId}" is already used by ${v2PayoutId(taken.uuid)}`)
      changes.custom_id = customId
    }
    if (patch.recipient !== undefined || patch.counterpartyId !== undefined)
      Object.assign(changes, this.recipientColumns(row.team_id, recipientOf(patch)))
    if (!Object.keys(changes).length) return row
    return this.store.payouts.patch(row, {...withoutOthersClaim(row, changes), updated_at: this.clock.iso()})
  }

  /** The recipient columns of a PATCH (the counterparty resolved): `recipient` is replaced whole. */
  private recipientColumns(teamId: string, recipient: ReturnType<typeof recipientOf>): Partial<PayoutRow> {
    return {
      recipient_type: recipient.type,
      email: recipient.email ?? null,
      phone: recipient.phone ?? null,
      creator_handle: null,
      counterparty_uuid: recipient.counterpartyId
        ? this.counterparties.resolve(teamId, recipient.counterpartyId).uuid
        : null,
    }
  }

  /** v2 DELETE: created, approved, failed and expired payouts. */
  deleteV2(row: PayoutRow): void {
    if (!isDeletable(row.status))
      throw invalidState(`payout ${v2PayoutId(row.uuid)} is ${row.status}; it can no longer be deleted`)
    this.settlement.markDeleted(row)
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
