import type {EmulatorApp} from '../app.js'
import {hostedRoutes} from '../hosted/index.js'
import {oauthControlRoutes} from '../oauth/control.js'
import {oauthRoutes} from '../oauth/routes.js'
import {Router} from '../router.js'
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

/** Every route of the emulator. OAuth (issue 6) and hosted pages (issue 8) add their groups here. */
export function buildRouter(app: EmulatorApp): Router {
  return new Router().add(
    ...v1PayoutRoutes(app),
    ...v1TeamRoutes(app),
    ...v1SessionRoutes(app),
    ...v1WebhookRoutes(app),
    ...v2PayoutRoutes(app),
    ...v2PayoutBatchRoutes(app),
    ...v2CounterpartyRoutes(app),
    ...v2ReferenceRoutes(),
    ...v2TransactionRoutes(app),
    ...v2TeamRoutes(app),
    ...hostedRoutes(app),
    ...oauthRoutes(app),
    ...controlRoutes(app),
    ...oauthControlRoutes(app),
  )
}
