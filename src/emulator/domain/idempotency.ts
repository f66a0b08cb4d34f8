import {createHash} from 'node:crypto'
import {canonicalJson} from '../../shared/canonical-json.js'
import {ApiFailure} from '../http/api-failure.js'
import type {Reply} from '../http/request-context.js'
import type {Store} from '../store/index.js'
import type {Clock} from './clock.js'

/**
 * `idempotency-key` on v2 POSTs (spec section 4, DESIGN): keys are scoped per team and endpoint (method and
 * path); within 24 hours of the emulator clock the same key and body replays the stored status and body
 * with `Idempotent-Replayed: true`, another body is 409 IDEMPOTENCY_KEY_REUSED. Only successful (2xx)
 * answers are stored, so a request refused for its input or the account's state can be fixed and sent
 * again with the same key.
 */

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000

export type IdempotencyOutcome = {kind: 'replay'; reply: Reply} | {kind: 'fresh'; save: (reply: Reply) => void}

export class Idempotency {
  private saves = 0

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  begin(teamId: string, scope: string, key: string, body: unknown): IdempotencyOutcome {
    const hash = createHash('sha256').update(canonicalJson(body)).digest('hex')
    const now = this.clock.nowMs()
    const stored = this.store.idempotency.get(teamId, scope, key)
    if (stored && now - stored.created_at < REPLAY_WINDOW_MS) {
      if (stored.request_hash !== hash)
        throw new ApiFailure(
          409,
          'IDEMPOTENCY_KEY_REUSED',
          `the idempotency key "${key}" was already used for ${scope} with another request body`,
        )
      return {
        kind: 'replay',
        reply: {status: stored.status, body: JSON.parse(stored.body), headers: {'idempotent-replayed': 'true'}},
      }
    }
    return {
      kind: 'fresh',
      save: reply => {
        if (reply.status < 200 || reply.status >= 300) return
        this.store.idempotency.put({
          team_id: teamId,
          scope,
          key,
          request_hash: hash,
          status: reply.status,
          body: JSON.stringify(reply.body ?? null),
          created_at: now,
        })
        if (++this.saves % 500 === 0) this.store.idempotency.prune(this.clock.nowMs() - REPLAY_WINDOW_MS)
      },
    }
  }
}
