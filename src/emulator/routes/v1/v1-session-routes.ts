import type {ErrorDetail} from '../../../contract/error-envelope.js'
import {isDeleted} from '../../../contract/lifecycle.js'
import type {operations} from '../../../contract/operations.js'
import type {SessionKind} from '../../../contract/requests/session-requests.js'
import type {Clock} from '../../domain/clock.js'
import {type Json, stringsOf} from '../../domain/json-value.js'
import type {PayoutService} from '../../domain/payout-service.js'
import {createSessionToken} from '../../domain/session-tokens.js'
import {isPaidDirectly, paidDirectlyMessage} from '../../domain/settlement.js'
import {requireWhiteLabel} from '../../domain/white-label.js'
import {invalidField, invalidState, throwIfProblems} from '../../http/api-failure.js'
import type {OperationHandler, OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'

/**
 * v1 hosted sessions (spec 4.2): each call validates the body and mints a fresh opaque URL
 * `<origin>/hosted/<kind>/<token>`; nothing is stored. The pages behind the URLs are served elsewhere.
 */

/** The four session rows, one handler each. */
type SessionRow = (typeof operations)[
  | 'createPayoutSession'
  | 'createApprovalSession'
  | 'createKybSession'
  | 'createAllowanceSession']

/** The kind's own fields of a checked session body: what the token carries (payout UUIDs in lower case). */
function payloadOf(input: Record<string, unknown>): Json {
  const payload: Json = {}
  if (typeof input.payoutId === 'string') payload.payoutId = input.payoutId
  if (Array.isArray(input.payoutIds)) payload.payoutIds = input.payoutIds.map(id => String(id).toLowerCase())
  if (typeof input.loginHint === 'string') payload.loginHint = input.loginHint
  return payload
}

/**
 * The payouts must be this team's (404 otherwise) and still exist (the problems); a payout session names the payout
 * by its UUID, which the payload then holds in lower case, and a payout paid directly to its counterparty has no
 * claim session (409).
 */
function deletedPayouts(kind: SessionKind, payload: Json, teamId: string, payouts: PayoutService): ErrorDetail[] {
  if (kind === 'payout') {
    const row = payouts.resolveV1(teamId, String(payload.payoutId))
    payload.payoutId = row.uuid
    if (isPaidDirectly(row)) throw invalidState(paidDirectlyMessage(row))
    return isDeleted(row.status) ? [{path: 'payoutId', message: `payout ${row.uuid} was deleted`}] : []
  }
  if (kind !== 'approval') return []
  return stringsOf(payload.payoutIds).flatMap((id, index) =>
    isDeleted(payouts.resolveV1(teamId, id).status)
      ? [{path: `payoutIds.${index}`, message: `payout ${id} was deleted`}]
      : [],
  )
}

export function v1SessionRoutes({
  clock,
  oauth,
  payouts,
  store,
}: {
  clock: Clock
  oauth: {platformTeamId(clientId: string): string | undefined}
  payouts: PayoutService
  store: Store
}): OperationHandlers {
  const handler =
    (kind: SessionKind): OperationHandler<SessionRow> =>
    ({principal, body: input, origin}) => {
      const {redirectUrl, branding = 'talentir'} = input
      if (branding === 'platform' && principal.kind !== 'oauth')
        throw invalidField('branding', 'platform branding is only available to calls made with an OAuth access token')
      const payload = payloadOf(input)
      throwIfProblems(deletedPayouts(kind, payload, principal.teamId, payouts))
      requireWhiteLabel(store.teams, branding, principal.teamId, () =>
        principal.clientId ? oauth.platformTeamId(principal.clientId) : undefined,
      )
      const token = createSessionToken(
        {
          kind,
          teamId: principal.teamId,
          payload,
          redirectUrl,
          branding,
          createdBy: {kind: principal.kind, clientId: principal.clientId},
        },
        store.secret(),
        clock.nowMs(),
      )
      return ok({url: `${origin}/hosted/${kind}/${token}`})
    }
  return {
    createPayoutSession: handler('payout'),
    createApprovalSession: handler('approval'),
    createKybSession: handler('kyb'),
    createAllowanceSession: handler('allowance'),
  }
}
