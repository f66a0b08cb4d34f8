import {type ItemSource, itemSource} from './item-source.js'
import {pushedPages} from './pushed-pages.js'

export interface AppliedItemsOptions<T, R> {
  /** One item asked for: JSON gives it as an object. */
  single?: boolean
  /** Sends the calls; `emit` writes what each call applied, and resolves once it is written. */
  apply(emit: (items: T[]) => Promise<void>): Promise<R>
  /** After the list: what to say, or the error the run ends with (a payout that failed: exit 8). */
  after?(result: R, applied: readonly T[]): void
}

/**
 * What a run of calls applies (approve, pay, send-claim-link, delete), as items: each call's items are written as
 * soon as it answers; when a call fails, what the earlier ones applied is written whole before the error.
 */
export function appliedItems<T, R>(options: AppliedItemsOptions<T, R>): ItemSource<T> {
  const applied: T[] = []
  let result: R
  return itemSource<T>({
    single: options.single,
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
