import {ApiError, type PayoutClient} from '../../../client/index.js'
import {mapLimit} from '../../../shared/map-limit.js'
import {type ChunkOptions, fileRows} from '../send/chunks.js'
import type {PayoutRowV2} from '../validate/import-schema-v2.js'
import type {CheckProblem} from './online-checks.js'

/**
 * The `counterpartyCustomId` column of a v2 payout file: each distinct customId is looked up once
 * (`GET /counterparties/{customId}`) before anything is sent, and every row then carries the counterparty's id
 * instead. A customId no counterparty has is a problem of its rows (the import sends nothing, exit 6).
 */

/** Lookups in flight at a time. */
const LOOKUPS = 8
/** At most this many rows are listed; the rest are counted. */
const LISTED = 20

export class CounterpartyRefs {
  private readonly ids = new Map<string, string>()
  /** Set while the file is validated when a row names its counterparty by customId. */
  named = false

  /** Looks up every customId the file names; the rows naming an unknown one are returned as problems. */
  async resolve(client: PayoutClient, chunkOptions: ChunkOptions<PayoutRowV2>): Promise<CheckProblem[]> {
    if (!this.named) return []
    const wanted = new Set<string>()
    for await (const entry of fileRows(chunkOptions))
      if (entry.kind === 'valid' && entry.row.item.counterpartyCustomId) wanted.add(entry.row.item.counterpartyCustomId)
    const unknown = new Set<string>()
    await mapLimit([...wanted], LOOKUPS, async customId => {
      const id = await lookUp(client, customId)
      if (id) this.ids.set(customId, id)
      else unknown.add(customId)
    })
    return unknown.size ? this.problems(chunkOptions, unknown) : []
  }

  private async problems(chunkOptions: ChunkOptions<PayoutRowV2>, unknown: Set<string>): Promise<CheckProblem[]> {
    const problems: CheckProblem[] = []
    let more = 0
    for await (const entry of fileRows(chunkOptions)) {
      const customId = entry.kind === 'valid' ? entry.row.item.counterpartyCustomId : undefined
      if (!customId || !unknown.has(customId)) continue
      if (problems.length < LISTED)
        problems.push({
          line: entry.row.line,
          message: `column counterpartyCustomId: no counterparty has the customId "${customId}"`,
        })
      else more++
    }
    if (more) problems.push({line: null, message: `… and ${more.toLocaleString('en-US')} more rows`})
    return problems
  }

  /** The row's body with the counterparty's id in place of its customId (unchanged before `resolve`). */
  readonly prepare = (item: PayoutRowV2): PayoutRowV2 => {
    const customId = item.counterpartyCustomId
    const id = customId === undefined ? undefined : this.ids.get(customId)
    if (id === undefined) return item
    const {counterpartyCustomId: _, ...body} = item
    return {...body, counterpartyId: id}
  }
}

async function lookUp(client: PayoutClient, customId: string): Promise<string | undefined> {
  try {
    return (await client.v2.counterparties.get(customId)).id
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined
    throw error
  }
}
