import type {PayoutRow} from '../store/row-types.js'

/** The v2 events (spec 6.2): emitted after the settlement of a requested transfer. */
export type V2EventType = 'payout.completed' | 'payout.failed'

/** Where the domain reports payout changes; they are queued in the caller's transaction and delivered after the response. */
export interface PayoutEvents {
  /** The v1 lifecycle event of each changed payout. */
  changed(rows: PayoutRow | PayoutRow[]): void
  /** A v2 settlement event of a payout. */
  settled(type: V2EventType, row: PayoutRow): void
}
