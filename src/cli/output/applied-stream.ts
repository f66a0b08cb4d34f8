import type {DocumentColumns, ListFormat} from './columns.js'
import {type ItemStream, itemStream} from './item-stream.js'
import {pushedPages} from './pushed-pages.js'

export interface AppliedStreamOptions<T, R> {
  columns: DocumentColumns<T>
  format?: ListFormat
  /** One item asked for: JSON prints it as an object. */
  single?: boolean
  /** One line a person reads per item, in place of a table. */
  line?: (item: T) => string
  /** Sends the calls; `emit` writes what each call applied, and resolves once it is written. */
  apply(emit: (items: T[]) => Promise<void>): Promise<R>
  /** After the list: what to say, or the error the command ends with (a payout that failed: exit 8). */
  after?(result: R, applied: readonly T[]): void
}

/**
 * What a run of calls applies (approve, pay, send-claim-link, delete), as a stream: each call's items are written as
 * soon as it answers; when a call fails, what the earlier ones applied is printed whole before the error.
 */
export function appliedStream<T, R>(options: AppliedStreamOptions<T, R>): ItemStream<T> {
  const applied: T[] = []
  let result: R
  return itemStream<T>({
    columns: options.columns,
    format: options.format,
    single: options.single,
    line: options.line,
    pages: () =>
      pushedPages<T>(async emit => {
        result = await options.apply(items => {
          applied.push(...items)
          return emit(items)
        })
      }),
    failed(error, list) {
      if (list.written) list.end()
      return error
    },
    ended: () => options.after?.(result, applied),
  })
}
