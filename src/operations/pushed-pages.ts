/**
 * Pages that a producer pushes (the payouts each batch call applied) as an async iterable: `produce` runs once the
 * pages are read, and each `emit` resolves when its page was written, so the producer goes on only after that. When
 * the reader stops early (the output failed), the pending `emit` rejects, so the producer sends nothing more.
 */
export async function* pushedPages<T>(
  produce: (emit: (page: T[]) => Promise<void>) => Promise<void>,
): AsyncIterable<T[]> {
  const queue: Array<{page: T[]; written(): void; stopped(error: Error): void}> = []
  let wake: (() => void) | undefined
  let finished: {error?: unknown} | undefined
  const produced = produce(
    page =>
      new Promise<void>((written, stopped) => {
        queue.push({page, written, stopped})
        wake?.()
      }),
  ).then(
    () => {
      finished = {}
    },
    (error: unknown) => {
      finished = {error}
    },
  )
  void produced.finally(() => wake?.())
  let current: (typeof queue)[number] | undefined
  try {
    while (true) {
      current = queue.shift()
      if (current) {
        yield current.page
        current.written()
        current = undefined
        continue
      }
      if (finished) {
        if ('error' in finished) throw finished.error
        return
      }
      await new Promise<void>(resolve => {
        wake = resolve
      })
      wake = undefined
    }
  } finally {
    for (const pending of [...(current ? [current] : []), ...queue.splice(0)])
      pending.stopped(new Error('the output stopped'))
  }
}
