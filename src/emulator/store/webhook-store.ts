import {KeyedRows} from './keyed-rows.js'
import {insertSql, Patcher} from './row-patcher.js'
import type {DeliveryRow, SubscriptionRow} from './row-types.js'
import type {Database} from './sqlite-driver.js'

/** Webhook subscriptions and the delivery log (one row per attempt). */
export class WebhookStore {
  private readonly subscriptionRows: KeyedRows<SubscriptionRow>
  private readonly deliveryPatcher: Patcher<DeliveryRow>
  private readonly q

  constructor(db: Database) {
    this.subscriptionRows = new KeyedRows(db, 'webhook_subscriptions', 'id')
    this.deliveryPatcher = new Patcher<DeliveryRow>(db, 'webhook_deliveries', 'seq')
    this.q = {
      subscriptions: db.prepare<[string], SubscriptionRow>(
        'SELECT * FROM webhook_subscriptions WHERE team_id = ? ORDER BY created_at, id',
      ),
      deleteSubscription: db.prepare<[string]>('DELETE FROM webhook_subscriptions WHERE id = ?'),
      dropPending: db.prepare<[string]>(
        "DELETE FROM webhook_deliveries WHERE subscription_id = ? AND state = 'pending'",
      ),
      insertDelivery: db.prepare<[Omit<DeliveryRow, 'seq'>]>(
        insertSql('webhook_deliveries', [
          'id',
          'subscription_id',
          'url',
          'event',
          'event_seq',
          'body',
          'attempt',
          'state',
          'response_status',
          'error',
          'scheduled_at',
          'sent_at',
        ]),
      ),
      setEventSeq: db.prepare<[number]>('UPDATE webhook_deliveries SET event_seq = seq WHERE seq = ?'),
      // The head of each subscription's queue: its oldest unfinished delivery, if nothing of it is being sent.
      heads: db.prepare<[], DeliveryRow>(
        `SELECT d.* FROM webhook_deliveries d
         WHERE d.state = 'pending'
           AND d.seq = (SELECT seq FROM webhook_deliveries h WHERE h.subscription_id = d.subscription_id
                          AND h.state IN ('pending', 'sending') ORDER BY h.event_seq, h.attempt LIMIT 1)
         ORDER BY d.scheduled_at, d.seq`,
      ),
      resetSending: db.prepare(
        "UPDATE webhook_deliveries SET state = 'pending', sent_at = NULL WHERE state = 'sending'",
      ),
      all: db.prepare<[], DeliveryRow>('SELECT * FROM webhook_deliveries ORDER BY seq'),
    }
  }

  insertSubscription(row: SubscriptionRow): void {
    this.subscriptionRows.insert(row)
  }

  subscription(id: string): SubscriptionRow | undefined {
    return this.subscriptionRows.get(id)
  }

  subscriptions(teamId: string): SubscriptionRow[] {
    return this.q.subscriptions.all(teamId)
  }

  /** Removes the subscription and its deliveries not yet sent. */
  deleteSubscription(id: string): void {
    this.q.deleteSubscription.run(id)
    this.q.dropPending.run(id)
  }

  /** Queues a delivery; `eventSeq` undefined starts a new event (ordered after every earlier one). */
  insertDelivery(row: Omit<DeliveryRow, 'seq' | 'event_seq'> & {event_seq?: number}): void {
    const result = this.q.insertDelivery.run({...row, event_seq: row.event_seq ?? 0})
    if (row.event_seq === undefined) this.q.setEventSeq.run(Number(result.lastInsertRowid))
  }

  patchDelivery(seq: number, changes: Partial<DeliveryRow>): void {
    this.deliveryPatcher.patch(seq, changes)
  }

  /** The first unfinished delivery of every subscription whose queue is not busy. */
  queueHeads(): DeliveryRow[] {
    return this.q.heads.all()
  }

  /** After a restart nothing is in flight any more: attempts cut off mid-way are sent again. */
  resetInFlight(): void {
    this.q.resetSending.run()
  }

  deliveries(): DeliveryRow[] {
    return this.q.all.all()
  }
}
