import {Transport, type TransportOptions} from './transport.js'
import {PayoutsV1} from './v1/payouts-v1.js'
import {SessionsV1} from './v1/sessions-v1.js'
import {TeamV1Resource} from './v1/team-v1.js'
import {WebhooksV1} from './v1/webhooks-v1.js'
import {CounterpartiesV2} from './v2/counterparties-v2.js'
import {PayoutsV2} from './v2/payouts-v2.js'
import {TeamV2Resource} from './v2/team-v2.js'
import {TransactionsV2} from './v2/transactions-v2.js'

/**
 * The Payout Service API client: both generations behind one transport. It has no CLI dependencies and
 * could be published on its own.
 */
export class PayoutClient {
  readonly transport: Transport
  readonly v1: {payouts: PayoutsV1; team: TeamV1Resource; sessions: SessionsV1; webhooks: WebhooksV1}
  readonly v2: {
    payouts: PayoutsV2
    counterparties: CounterpartiesV2
    transactions: TransactionsV2
    team: TeamV2Resource
  }

  constructor(options: TransportOptions) {
    this.transport = new Transport(options)
    const t = this.transport
    this.v1 = {
      payouts: new PayoutsV1(t),
      team: new TeamV1Resource(t),
      sessions: new SessionsV1(t),
      webhooks: new WebhooksV1(t),
    }
    this.v2 = {
      payouts: new PayoutsV2(t),
      counterparties: new CounterpartiesV2(t),
      transactions: new TransactionsV2(t),
      team: new TeamV2Resource(t),
    }
  }

  close(): Promise<void> {
    return this.transport.close()
  }
}

export * from './api-errors.js'
export {type CallInput, type CallOptions, call, send} from './call.js'
export type {AuthProvider, TransportOptions} from './transport.js'
export {isTransientStatus, RETRY_AFTER_CAP_MS, type WaitLimits, withWaitLimits} from './waits.js'
