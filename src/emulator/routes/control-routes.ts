import {hasPayoutPrefix, payoutIdBody} from '../../contract/ids.js'
import {isDeleted, isOpen, onlyFrom} from '../../contract/lifecycle.js'
import {isUuid} from '../../contract/primitives.js'
import {DEFAULT_SCOPES} from '../domain/api-scopes.js'
import {payoutV1, payoutV2, v1Status} from '../domain/api-views.js'
import {claimRecord} from '../domain/claim-input.js'
import type {Clock} from '../domain/clock.js'
import {MAX_CLOCK_OFFSET_SECONDS} from '../domain/clock.js'
import type {CounterpartyRegistry} from '../domain/counterparty-registry.js'
import {settleTaxResidenceForClaim} from '../domain/dac7-step.js'
import type {Faults} from '../domain/fault-injection.js'
import type {Json} from '../domain/json-value.js'
import type {PayoutService} from '../domain/payout-service.js'
import {createTeam, seedInfo} from '../domain/seed.js'
import type {Settlement} from '../domain/settlement.js'
import type {TextOutbox} from '../domain/text-outbox.js'
import {invalidField, invalidState, notFound} from '../http/api-failure.js'
import type {ControlHandlers} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'
import type {RequestLog} from '../http/request-log.js'
import type {Store} from '../store/index.js'
import type {PayoutRow} from '../store/row-types.js'
import type {WebhookDispatcher} from '../webhooks/webhook-dispatcher.js'

/**
 * The control routes for tests and demos (DESIGN "The emulator"), one handler per row of the contract's control
 * table (contract/control-operations.ts): no credentials, loopback only, each body checked against its row.
 */

function payoutForClaim(store: Store, id: string): PayoutRow {
  const uuid = payoutIdBody(id)
  const row = isUuid(uuid) ? store.payouts.byUuidAnyTeam(uuid.toLowerCase()) : undefined
  if (!row || (isDeleted(row.status) && hasPayoutPrefix(id))) throw notFound(`no payout ${id}`)
  return row
}

/** A payout in the generation of the id it was named by. */
const payoutAnswer = (row: PayoutRow, id: string, origin: string) =>
  ok(hasPayoutPrefix(id) ? payoutV2(row, origin) : payoutV1(row, origin))

function deliveryEntry(row: ReturnType<Store['webhooks']['deliveries']>[number]): Json {
  const entry: Json = {
    id: row.id,
    subscriptionId: row.subscription_id,
    url: row.url,
    event: row.event,
    version: row.body.startsWith('{"object":"event"') ? 2 : 1,
    attempt: row.attempt,
    responseStatus: row.response_status,
  }
  if (row.error) entry.error = row.error
  entry.scheduledAt = new Date(row.scheduled_at).toISOString()
  entry.sentAt = row.sent_at === null ? null : new Date(row.sent_at).toISOString()
  entry.body = JSON.parse(row.body)
  return entry
}

export function controlRoutes({
  clock,
  counterparties,
  dispatcher,
  faults,
  payouts,
  requests,
  reset,
  runDue,
  settlement,
  store,
  texts,
}: {
  clock: Clock
  counterparties: CounterpartyRegistry
  dispatcher: WebhookDispatcher
  faults: Faults
  payouts: PayoutService
  requests: RequestLog
  reset: () => void
  runDue: () => number
  settlement: Settlement
  store: Store
  texts: TextOutbox
}): ControlHandlers {
  return {
    listTexts: ({parsedQuery}) => ok({data: texts.list(parsedQuery.to)}),
    resetEmulator: () => {
      reset()
      return ok({reset: true, ...seedInfo()})
    },
    listRequests: ({parsedQuery}) => ok({data: requests.list(parsedQuery.after)}),
    getClock: () => ok({now: clock.iso(), offsetSeconds: clock.offsetSeconds()}),
    advanceClock: async ({body}) => {
      const seconds = body.advanceSeconds
      const headroom = Math.floor(clock.headroomSeconds())
      if (seconds > headroom)
        throw invalidField(
          'advanceSeconds',
          `must be at most ${headroom} (the clock moves at most ${MAX_CLOCK_OFFSET_SECONDS} s, 100 years, in total)`,
        )
      clock.advance(seconds)
      const expired = runDue()
      await dispatcher.drain()
      return ok({now: clock.iso(), offsetSeconds: clock.offsetSeconds(), expired})
    },
    addFault: ({body}) => ok({fault: faults.add(body)}),
    listFaults: () => ok({data: faults.list()}),
    clearFaults: () => {
      faults.clear()
      return ok({data: []})
    },
    claimPayout: ({origin, params, body}) => {
      const row = payoutForClaim(store, params.id)
      const record = claimRecord(body, row.currency)
      const contact = payouts.contactOf(row)
      const email = contact?.includes('@') ? contact.toLowerCase() : undefined
      const claimed = store.transaction(() => {
        settleTaxResidenceForClaim(counterparties, store.teams.team(row.team_id), email, body.taxResidence)
        return settlement.claim(row, record)
      })
      return payoutAnswer(claimed, params.id, origin)
    },
    expirePayout: ({origin, params}) => {
      const row = payoutForClaim(store, params.id)
      if (!isOpen(row.status))
        throw invalidState(`payout ${params.id} is ${v1Status(row.status)}; ${onlyFrom('expire', 'are')}`)
      store.transaction(() => store.payouts.patch(row, {expires_at: clock.iso()}))
      runDue()
      return payoutAnswer(payoutForClaim(store, params.id), params.id, origin)
    },
    listDeliveries: async () => {
      await dispatcher.drain()
      return ok({data: store.webhooks.deliveries().map(deliveryEntry)})
    },
    revokeKey: ({body}) => {
      if (!store.teams.revokeKey(body.key, clock.iso())) throw notFound('no active API key with that value')
      return ok({revoked: true})
    },
    createTeam: ({body}) => {
      const {name, scopes, wallet, whiteLabel = true} = body
      const granted = scopes ?? DEFAULT_SCOPES
      const {teamId, keys} = createTeam(store, clock, {
        name,
        wallet: wallet ?? true,
        keys: [{name: 'control route', scopes: granted}],
      })
      if (!whiteLabel) store.teams.patchTeam(teamId, {white_label: 0})
      return ok({teamId, key: keys[0], scopes: granted, whiteLabel})
    },
  }
}
