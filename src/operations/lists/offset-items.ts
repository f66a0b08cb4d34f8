import {type InterruptOptions, interruptedError} from '../interrupt.js'
import {type ItemSource, itemSource} from '../item-source.js'
import {watchedRead} from './watched-read.js'

export interface OffsetListOptions<T> {
  /** --offset the list started at: a Ctrl-C names where to resume. */
  offset: number
  /** The list's order: only an oldest-first list keeps its offsets while payouts are created. */
  order: 'asc' | 'desc'
  /** How Ctrl-C and SIGTERM are watched: they stop after the page in flight (the output stays well formed), exit 130. */
  interrupts: InterruptOptions
  pages(): AsyncIterable<T[]>
  /** How many items were read so far, when a client-side filter writes fewer (default: those written). */
  read?: () => number
  /** Said to a person at a terminal when nothing was listed. */
  empty: string
  note(text: string): void
}

/** A v1 offset list, read page by page. */
export function offsetItems<T>(options: OffsetListOptions<T>): ItemSource<T> {
  let signal: AbortSignal | undefined
  const stopped = (written: number) =>
    interruptedError(
      `interrupted after ${written} payouts (the output so far is complete)`,
      resumeAdvice(options.order, options.offset + (options.read?.() ?? written)),
    )
  return itemSource<T>({
    // A run from --offset continues an export: its CSV is appended without the header.
    continued: options.offset > 0,
    around: render =>
      watchedRead(options.interrupts, aborted => {
        signal = aborted
        return render()
      }),
    async *pages() {
      for await (const page of options.pages()) {
        yield page
        if (signal?.aborted) break
      }
    },
    failed(error, list) {
      // Ctrl-C ends the page in flight too: what was written stays complete, and the hint says where to resume.
      if (!signal?.aborted) return error
      list.end()
      return stopped(list.written)
    },
    ended({written}) {
      if (signal?.aborted) throw stopped(written)
      if (written === 0) options.note(options.empty)
    },
  })
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
