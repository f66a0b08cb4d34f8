import type {StreamedItems} from '../../results/index.js'
import type {Output} from './output.js'

/**
 * What a streamed list keeps of the items it wrote: all of them in a run for data (they are its result), none when
 * it prints them, so that its memory stays flat however many there are; its result is then their count.
 */
export class ListedItems<T> {
  private readonly kept: T[] | undefined
  private count = 0

  constructor(out: Output) {
    this.kept = out.sink ? [] : undefined
  }

  add(items: readonly T[]): void {
    this.count += items.length
    this.kept?.push(...items)
  }

  result(): T[] | StreamedItems {
    return this.kept ?? {streamed: this.count}
  }
}

/** Every page of a list as it is read (through `shown`), each also told to `into`. */
export async function* keptPages<T>(
  pages: AsyncIterable<T[]>,
  into: {add(items: readonly T[]): void},
  shown: (item: T) => T = item => item,
): AsyncIterable<T[]> {
  for await (const page of pages) {
    const items = page.map(shown)
    into.add(items)
    yield items
  }
}
