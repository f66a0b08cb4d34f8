import type {Column, ListFormat, Output} from './output.js'

export interface OffsetListOptions<T> {
  out: Output
  columns: Column<T>[]
  format?: ListFormat
  /** --offset the list started at: a Ctrl-C names where to resume. */
  offset: number
  /** The list's order: only an oldest-first list keeps its offsets while payouts are created. */
  order: 'asc' | 'desc'
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
  // A run from --offset continues an export: its CSV is appended without the header.
  const writer = options.out.list(options.columns, options.format, {continued: options.offset > 0})
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
    throw interruptedError(
      `interrupted after ${writer.written} payouts (the output so far is complete)`,
      resumeAdvice(options.order, options.offset + (options.read?.() ?? writer.written)),
    )
  }
  return writer.written
}

/**
 * Where an interrupted offset list resumes. Oldest first, an offset cannot shift: new payouts are added after the
 * last one, and a deleted payout stays in the list (status deleted). Newest first, every payout created since
 * would shift it and repeat rows: no offset is advised.
 */
function resumeAdvice(order: 'asc' | 'desc', next: number): string[] {
  if (order === 'asc') return [`resume with --offset ${next} --order asc (appended without a CSV header)`]
  return [
    'a newest-first list shifts as payouts are created: export with --order asc (an offset that cannot shift), or with --api v2 (resume with --cursor), to resume an interrupted export',
  ]
}
