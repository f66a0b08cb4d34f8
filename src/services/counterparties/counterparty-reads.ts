import type {PayoutClient} from '../../client/index.js'
import type {Counterparty} from '../../client/schemas.js'

/** How a job reads a counterparty by id. */
export type ReadCounterparty = (id: string) => Promise<Counterparty>

/** Each counterparty read from the service once for the whole job, however many of its steps ask for it. */
export function readEachOnce(client: PayoutClient): ReadCounterparty {
  const reads = new Map<string, Promise<Counterparty>>()
  return id => {
    const read = reads.get(id) ?? client.v2.counterparties.get(id)
    reads.set(id, read)
    return read
  }
}
