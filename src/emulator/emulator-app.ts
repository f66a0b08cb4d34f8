import {Authentication} from './domain/authentication.js'
import {Clock} from './domain/clock.js'
import {CounterpartyRegistry} from './domain/counterparty-registry.js'
import type {Environment} from './domain/environment.js'
import {Faults} from './domain/fault-injection.js'
import {Idempotency} from './domain/idempotency.js'
import {PayoutService} from './domain/payout-service.js'
import {SEEDED, seed} from './domain/seed.js'
import {Settlement} from './domain/settlement.js'
import {TextOutbox} from './domain/text-outbox.js'
import {Brands} from './hosted/branding.js'
import {RequestLog} from './http/request-log.js'
import type {Router} from './http/router.js'
import {OAuthServer} from './oauth/oauth-server.js'
import {buildRouter} from './route-table.js'
import {Store} from './store/index.js'
import {VarianceMode} from './variance/variance-mode.js'
import {WebhookDispatcher} from './webhooks/webhook-dispatcher.js'

/** What the emulator is made with; `startEmulator` (index.ts) takes the same and where it listens. */
export interface AppOptions {
  /** SQLite file, or `:memory:` (`startEmulator`'s default). */
  dataFile: string
  /** Empty the database and seed it again. */
  reset?: boolean
  /** Default `sandbox`. */
  environment?: Environment
  /** Per-attempt time-out of webhook deliveries. */
  webhookTimeoutMs?: number
  /**
   * For automated tests: an authorization request whose `login_hint` is a team member's e-mail signs in
   * and consents at once (redirects back with a code, the `team_hint` team or the member's first team).
   */
  autoConsent?: boolean
  /** Starts in variance mode (docs/emulator.md "Variance mode"); the seed makes its choices reproducible. */
  variance?: {seed?: string}
  /** Receives internal errors (stderr in the command). */
  log?: (line: string) => void
  /** The token it proves who it is with (`emulator start` keeps it in the data folder; contract/emulator-identity.ts). */
  identityToken?: string
}

/**
 * The wiring of the emulator: builds the store, the clock and every service, hands each one only what it
 * uses, and builds the router. Nothing else in the emulator imports this file.
 */
export class EmulatorApp {
  readonly store: Store
  readonly clock = new Clock()
  readonly faults = new Faults()
  readonly texts = new TextOutbox()
  readonly requests = new RequestLog()
  readonly variance: VarianceMode
  readonly authentication: Authentication
  readonly idempotency: Idempotency
  readonly dispatcher: WebhookDispatcher
  readonly counterparties: CounterpartyRegistry
  readonly settlement: Settlement
  readonly payouts: PayoutService
  readonly oauth: OAuthServer
  readonly brands: Brands
  readonly router: Router
  readonly environment: Environment
  readonly log: (line: string) => void
  readonly identityToken?: string
  /** `http://host:port` once the server listens (set by `startEmulator`); fills URLs in webhook deliveries. */
  origin: string | undefined

  constructor(options: AppOptions) {
    this.environment = options.environment ?? 'sandbox'
    this.variance = new VarianceMode({enabled: options.variance !== undefined, seed: options.variance?.seed})
    this.log = options.log ?? (() => undefined)
    this.identityToken = options.identityToken
    const store = new Store(options.dataFile)
    const clock = this.clock
    this.store = store
    this.authentication = new Authentication(store)
    this.idempotency = new Idempotency(store, clock)
    this.dispatcher = new WebhookDispatcher(store, clock, {
      timeoutMs: options.webhookTimeoutMs,
      log: this.log,
      origin: () => this.origin,
    })
    this.counterparties = new CounterpartyRegistry(store, clock)
    this.settlement = new Settlement(store, clock, this.dispatcher, this.counterparties)
    this.payouts = new PayoutService(store, clock, this.dispatcher, this.settlement, this.counterparties)
    this.oauth = new OAuthServer(store, clock, this.authentication, {autoConsent: options.autoConsent ?? false})
    this.brands = new Brands(store.teams)
    // `branding: platform` on hosted pages shows the team that operates the calling OAuth client.
    this.brands.usePlatformNames(
      clientId => this.oauth.platformName(clientId),
      clientId => this.oauth.platformTeamId(clientId),
    )
    this.router = buildRouter(this)
    if (options.reset) store.wipe()
    if (!store.meta('seeded_at')) this.seed()
    // A database seeded before the OAuth server existed gets its platform client now.
    else this.oauth.ensureSeeded()
    store.webhooks.resetInFlight()
  }

  private seed(): void {
    this.store.transaction(() => {
      seed(this.store, this.clock)
      this.oauth.seed(SEEDED.mainTeamId)
    })
  }

  /** The control reset (`resetEmulator`): empty database, fresh seed, real time, no faults, texts or requests. */
  reset(): void {
    this.store.wipe()
    this.clock.reset()
    this.faults.clear()
    this.texts.clear()
    this.requests.clear()
    this.seed()
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
