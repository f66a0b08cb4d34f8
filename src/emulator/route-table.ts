import {documentRoutes} from './documents/document-routes.js'
import type {Clock} from './domain/clock.js'
import type {CounterpartyRegistry} from './domain/counterparty-registry.js'
import type {Environment} from './domain/environment.js'
import type {Faults} from './domain/fault-injection.js'
import type {PayoutService} from './domain/payout-service.js'
import type {Settlement} from './domain/settlement.js'
import type {TextOutbox} from './domain/text-outbox.js'
import type {Brands} from './hosted/branding.js'
import {hostedRoutes} from './hosted/hosted-routes.js'
import {controlOperationRoutes, operationRoutes} from './http/operation-route.js'
import type {RequestLog} from './http/request-log.js'
import {Router} from './http/router.js'
import {oauthControlRoutes} from './oauth/oauth-control-routes.js'
import {oauthOperationHandlers, oauthRoutes} from './oauth/oauth-routes.js'
import type {OAuthServer} from './oauth/oauth-server.js'
import {controlRoutes} from './routes/control-routes.js'
import {identityRoutes} from './routes/identity-routes.js'
import {controlDocumentRoutes, openApiRoutes} from './routes/openapi-routes.js'
import {teamFeatureRoutes} from './routes/team-feature-routes.js'
import {v1PayoutRoutes} from './routes/v1/v1-payout-routes.js'
import {v1SessionRoutes} from './routes/v1/v1-session-routes.js'
import {v1TeamRoutes} from './routes/v1/v1-team-routes.js'
import {v1WebhookRoutes} from './routes/v1/v1-webhook-routes.js'
import {v2CounterpartyRoutes} from './routes/v2/v2-counterparty-routes.js'
import {v2PayoutBatchRoutes} from './routes/v2/v2-payout-batch-routes.js'
import {v2PayoutRoutes} from './routes/v2/v2-payout-routes.js'
import {v2ReferenceRoutes} from './routes/v2/v2-reference-routes.js'
import {v2TeamRoutes} from './routes/v2/v2-team-routes.js'
import {v2TransactionRoutes} from './routes/v2/v2-transaction-routes.js'
import type {Store} from './store/index.js'
import type {VarianceMode} from './variance/variance-mode.js'
import {varianceRoutes} from './variance/variance-routes.js'
import type {WebhookDispatcher} from './webhooks/webhook-dispatcher.js'

/** What the route groups use; each group takes only its part. */
export interface RouteServices {
  store: Store
  clock: Clock
  faults: Faults
  texts: TextOutbox
  requests: RequestLog
  dispatcher: WebhookDispatcher
  payouts: PayoutService
  settlement: Settlement
  counterparties: CounterpartyRegistry
  oauth: OAuthServer
  brands: Brands
  environment: Environment
  variance: VarianceMode
  /** The token `emulator start` keeps in the user's data folder, to prove who answers (contract/emulator-identity.ts). */
  identityToken?: string
  /** The control table's `resetEmulator`. */
  reset(): void
  /** Runs what became due on the clock; answers how many payouts expired. */
  runDue(): number
}

/**
 * Every route of the emulator: one handler per row of the contract's operations table, one per row of its control
 * table, then the routes of pages and browser flows (docs/emulator.md, "Routes outside the tables").
 */
export function buildRouter(services: RouteServices): Router {
  const api = operationRoutes([
    v1PayoutRoutes(services),
    v1TeamRoutes(services),
    v1SessionRoutes(services),
    v1WebhookRoutes(services),
    v2PayoutRoutes(services),
    v2PayoutBatchRoutes(services),
    v2CounterpartyRoutes(services),
    v2ReferenceRoutes(),
    v2TransactionRoutes(services),
    v2TeamRoutes(services),
    openApiRoutes(),
    oauthOperationHandlers(services),
  ])
  const control = controlOperationRoutes([
    controlRoutes({...services, reset: () => services.reset(), runDue: () => services.runDue()}),
    oauthControlRoutes(services),
    teamFeatureRoutes(services),
    varianceRoutes(services),
    identityRoutes(services),
    controlDocumentRoutes(),
  ])
  return new Router().add(
    ...api,
    ...control,
    ...hostedRoutes(services),
    ...documentRoutes(services),
    ...oauthRoutes(services),
  )
}
