import {advanceClockBody, createTeamBody, revokeKeyBody} from '../../contract/control-bodies.js'
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
import {parsedBody} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'
import type {RequestLog} from '../http/request-log.js'
import type {Route} from '../http/router.js'
import type {Store} from '../store/index.js'
import type {PayoutRow} from '../store/row-types.js'
import type {WebhookDispatcher} from '../webhooks/webhook-dispatcher.js'

/**
 * Control routes for tests and demos (DESIGN "The emulator"): no credentials, loopback only.
 */

function payoutForClaim(store: Store, id: string): PayoutRow {
  const uuid = payoutIdBody(id)
  const row = isUuid(uuid) ? store.payouts.byUuidAnyTeam(uuid.toLowerCase()) : undefined
  if (!row || (isDeleted(row.status) && hasPayoutPrefix(id))) throw notFound(`no payout ${id}`)
  return row
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
}): Route[] {
  const access = {kind: 'loopback'} as const
  return [
    {
      method: 'GET',
      path: '/_emulator/texts',
      access,
      handler: ({query}) => ok({data: texts.list(query.get('to') ?? undefined)}),
    },
    {
      method: 'GET',
      path: '/_emulator/requests',
      access,
      handler: ({query}) => {
        const after = Number(query.get('after') ?? 0)
        if (!Number.isSafeInteger(after) || after < 0) throw invalidField('after', 'must be a whole number')
        return ok({data: requests.list(after)})
      },
    },
    {
      method: 'POST',
      path: '/_emulator/reset',
      access,
      handler: () => {
        reset()
        return ok({reset: true, ...seedInfo()})
      },
    },
    {
      method: 'GET',
      path: '/_emulator/clock',
      access,
      handler: () => ok({now: clock.iso(), offsetSeconds: clock.offsetSeconds()}),
    },
    {
      method: 'POST',
      path: '/_emulator/clock',
      access,
      handler: async ({body}) => {
        const seconds = parsedBody(advanceClockBody, body).advanceSeconds
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
    },
    {
      method: 'POST',
      path: '/_emulator/faults',
      access,
      handler: ({body}) => ok({fault: faults.add(body)}),
    },
    {method: 'GET', path: '/_emulator/faults', access, handler: () => ok({data: faults.list()})},
    {
      method: 'DELETE',
      path: '/_emulator/faults',
      access,
      handler: () => {
        faults.clear()
        return ok({data: []})
      },
    },
    {
      method: 'POST',
      path: '/_emulator/payouts/:id/claim',
      access,
      handler: ({origin, params, body}) => {
        const row = payoutForClaim(store, params.id)
        const record = claimRecord(body, row.currency)
        const contact = payouts.contactOf(row)
        const email = contact?.includes('@') ? contact.toLowerCase() : undefined
        const claimed = store.transaction(() => {
          settleTaxResidenceForClaim(counterparties, store.teams.team(row.team_id), email, body)
          return settlement.claim(row, record)
        })
        return ok(hasPayoutPrefix(params.id) ? payoutV2(claimed, origin) : payoutV1(claimed, origin))
      },
    },
    {
      method: 'POST',
      path: '/_emulator/payouts/:id/expire',
      access,
      handler: ({origin, params}) => {
        const row = payoutForClaim(store, params.id)
        if (!isOpen(row.status))
          throw invalidState(`payout ${params.id} is ${v1Status(row.status)}; ${onlyFrom('expire', 'are')}`)
        store.transaction(() => store.payouts.patch(row, {expires_at: clock.iso()}))
        runDue()
        const expired = payoutForClaim(store, params.id)
        return ok(hasPayoutPrefix(params.id) ? payoutV2(expired, origin) : payoutV1(expired, origin))
      },
    },
    {
      method: 'GET',
      path: '/_emulator/webhooks/deliveries',
      access,
      handler: async () => {
        await dispatcher.drain()
        return ok({
          data: store.webhooks.deliveries().map(row => {
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
          }),
        })
      },
    },
    {
      method: 'POST',
      path: '/_emulator/keys/revoke',
      access,
      handler: ({body}) => {
        const {key} = parsedBody(revokeKeyBody, body)
        if (!store.teams.revokeKey(key, clock.iso())) throw notFound('no active API key with that value')
        return ok({revoked: true})
      },
    },
    {
      method: 'POST',
      path: '/_emulator/teams',
      access,
      handler: ({body}) => {
        const {name, scopes, wallet, whiteLabel = true} = parsedBody(createTeamBody, body)
        const granted = scopes ?? DEFAULT_SCOPES
        const {teamId, keys} = createTeam(store, clock, {
          name,
          wallet: wallet ?? true,
          keys: [{name: 'control route', scopes: granted}],
        })
        if (!whiteLabel) store.teams.patchTeam(teamId, {white_label: 0})
        return ok({teamId, key: keys[0], scopes: granted, whiteLabel})
      },
    },
  ]
}
