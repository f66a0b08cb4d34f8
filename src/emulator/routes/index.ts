import type {Clock} from '../clock.js'
import type {CounterpartyService} from '../counterparties.js'
import type {Environment} from '../environment.js'
import type {Faults} from '../faults.js'
import type {Brands} from '../hosted/branding.js'
import {hostedRoutes} from '../hosted/index.js'
import {oauthControlRoutes} from '../oauth/control.js'
import type {OAuthServer} from '../oauth/index.js'
import {oauthRoutes} from '../oauth/routes.js'
import type {PayoutService} from '../payouts.js'
import {Router} from '../router.js'
import type {Settlement} from '../settlement.js'
import type {Store} from '../store/index.js'
import type {WebhookDispatcher} from '../webhooks/dispatcher.js'
import {controlRoutes} from './control.js'
import {v1PayoutRoutes} from './v1/payouts.js'
import {v1SessionRoutes} from './v1/sessions.js'
import {v1TeamRoutes} from './v1/team.js'
import {v1WebhookRoutes} from './v1/webhooks.js'
import {v2CounterpartyRoutes} from './v2/counterparties.js'
import {v2PayoutBatchRoutes} from './v2/payout-batches.js'
import {v2PayoutRoutes} from './v2/payouts.js'
import {v2ReferenceRoutes} from './v2/reference.js'
import {v2TeamRoutes} from './v2/team.js'
import {v2TransactionRoutes} from './v2/transactions.js'

/** What the route groups use; each group takes only its part. */
export interface RouteServices {
  store: Store
  clock: Clock
  faults: Faults
  dispatcher: WebhookDispatcher
  payouts: PayoutService
  settlement: Settlement
  counterparties: CounterpartyService
  oauth: OAuthServer
  brands: Brands
  environment: Environment
  /** `POST /_emulator/reset`. */
  reset(): void
  /** Runs what became due on the clock; answers how many payouts expired. */
  runDue(): number
}

/** Every route of the emulator. */
export function buildRouter(services: RouteServices): Router {
  return new Router().add(
    ...v1PayoutRoutes(services),
    ...v1TeamRoutes(services),
    ...v1SessionRoutes(services),
    ...v1WebhookRoutes(services),
    ...v2PayoutRoutes(services),
    ...v2PayoutBatchRoutes(services),
    ...v2CounterpartyRoutes(services),
    ...v2ReferenceRoutes(),
    ...v2TransactionRoutes(services),
    ...v2TeamRoutes(services),
    ...hostedRoutes(services),
    ...oauthRoutes(services),
    ...controlRoutes({...services, reset: () => services.reset(), runDue: () => services.runDue()}),
    ...oauthControlRoutes(services),
  )
}
