import type {Column, ListFormat, Output} from './output.js'

export interface OffsetListOptions<T> {
  out: Output
  columns: Column<T>[]
  format?: ListFormat
  /** --offset the list started at: a Ctrl-C names where to resume. */
  offset: number
  /** Aborted by Ctrl-C: stop after the page in flight (the output stays well formed), exit 130. */
  signal?: AbortSignal
  pages: AsyncIterable<T[]>
  /** How many items were read so far, when a client-side filter writes fewer (default: those written). */
  read?: () => number
  /** How an item is printed (e.g. a v1 payout with its id in the one form). */
  shown?: (item: T) => T
}

/** Writes a v1 offset list page by page; returns how many items were written. */
export async function writeOffsetList<T>(options: OffsetListOptions<T>): Promise<number> {
  const writer = options.out.list(options.columns, options.format)
  try {
    for await (const page of options.pages) {
      await writer.page(options.shown ? page.map(options.shown) : page)
      if (options.signal?.aborted) break
    }
  } catch (error) {
    // Ctrl-C ends the page in flight too: what was written stays complete, and the hint says where to resume.
    if (!options.signal?.aborted) throw error
  }
  writer.end()
  if (options.signal?.aborted) {
    const {interruptedError} = await import('../interrupt.js')
    throw interruptedError(`interrupted after ${writer.written} payouts (the output so far is complete)`, [
      `resume with --offset ${options.offset + (options.read?.() ?? writer.written)}`,
    ])
  }
  return writer.written
}
