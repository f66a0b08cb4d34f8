import {Authentication} from './auth.js'
import {Clock} from './clock.js'
import {CounterpartyService} from './counterparties.js'
import {Faults} from './faults.js'
import {Idempotency} from './idempotency.js'
import {OAuthServer} from './oauth/index.js'
import {PayoutService} from './payouts.js'
import {seed} from './seed.js'
import {Settlement} from './settlement.js'
import {Store} from './store/index.js'
import type {PayoutRow} from './store/types.js'
import {type V2EventType, WebhookDispatcher} from './webhooks/dispatcher.js'

export type Environment = 'sandbox' | 'production'

export interface AppOptions {
  dataFile: string
  reset?: boolean
  /** `production` makes the emulator refuse sandbox-only calls (SANDBOX_ONLY); default `sandbox`. */
  environment?: Environment
  webhookTimeoutMs?: number
  /** Authorization requests with the `login_hint` of a team member sign in and consent without the pages. */
  autoConsent?: boolean
  log?: (line: string) => void
}

/**
 * Everything the routes share: the database, the clock, the services and the webhook dispatcher.
 * Later issues hang more onto it (the OAuth server adds an authenticator to `auth`; hosted pages read
 * `store.secret()` to verify session tokens).
 */
export class EmulatorApp {
  readonly store: Store
  readonly clock = new Clock()
  readonly faults = new Faults()
  readonly auth: Authentication
  readonly idempotency: Idempotency
  readonly dispatcher: WebhookDispatcher
  readonly settlement: Settlement
  readonly payouts: PayoutService
  readonly counterparties: CounterpartyService
  readonly oauth: OAuthServer
  readonly environment: Environment
  readonly log: (line: string) => void

  constructor(options: AppOptions) {
    this.environment = options.environment ?? 'sandbox'
    this.log = options.log ?? (() => undefined)
    this.store = new Store(options.dataFile)
    this.auth = new Authentication(this.store)
    this.idempotency = new Idempotency(this.store, this.clock)
    this.dispatcher = new WebhookDispatcher(this.store, this.clock, {
      timeoutMs: options.webhookTimeoutMs,
      log: this.log,
    })
    this.counterparties = new CounterpartyService(this)
    this.settlement = new Settlement(this)
    this.payouts = new PayoutService(this)
    this.oauth = new OAuthServer(this, {autoConsent: options.autoConsent ?? false})
    if (options.reset) this.store.wipe()
    if (!this.store.meta('seeded_at')) seed(this)
    // A database seeded before the OAuth server existed gets its platform client now.
    else this.oauth.ensureSeeded()
    this.store.webhooks.resetInFlight()
  }

  /** Records v1 lifecycle events of changed payouts (delivered after the response). */
  emit(rows: PayoutRow | PayoutRow[]): void {
    const byTeam = new Map<string, PayoutRow[]>()
    for (const row of Array.isArray(rows) ? rows : [rows]) {
      const list = byTeam.get(row.team_id)
      if (list) list.push(row)
      else byTeam.set(row.team_id, [row])
    }
    for (const [teamId, list] of byTeam) this.dispatcher.enqueue(teamId, list)
  }

  /** Records a v2 settlement event of a payout (delivered after the response). */
  emitV2(type: V2EventType, row: PayoutRow): void {
    this.dispatcher.enqueueV2(type, row)
  }

  /** `POST /_emulator/reset`: empty database, fresh seed, real time, no faults. */
  reset(): void {
    this.store.wipe()
    this.clock.reset()
    this.faults.clear()
    seed(this)
  }

  /** Runs what became due on the clock: expiries now, webhook retries via the dispatcher. */
  runDue(): number {
    return this.settlement.expireDue()
  }

  async close(): Promise<void> {
    await this.dispatcher.close()
    this.store.close()
  }
}
