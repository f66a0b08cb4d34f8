import type {ItemStream, WrittenList} from './item-stream.js'
import {listWriter} from './list-writer.js'
import type {Output} from './output.js'

/** Where a stream's pages go. */
interface PageTarget<T> extends WrittenList {
  page(items: T[]): void | Promise<void>
}

/** One line a person reads per item (ItemStream.line). */
class ItemLines<T> implements PageTarget<T> {
  written = 0

  constructor(
    private readonly out: Output,
    private readonly line: (item: T) => string,
  ) {}

  page(items: T[]): void {
    for (const item of items) this.out.line(this.line(item))
    this.written += items.length
  }

  end(): void {}
}

function printedList<T>(out: Output, stream: ItemStream<T>): PageTarget<T> {
  if (stream.line && !out.json) return new ItemLines(out, stream.line)
  return listWriter(out, stream.columns, stream.format, {single: stream.single, continued: stream.continued})
}

/**
 * Reads a stream page by page and writes each page as it comes (a table, JSON, JSONL, CSV, TSV, one line an item),
 * so that memory stays flat. Answers the stream's result when it has one, else the stream with the count it wrote.
 */
export async function renderItemStream<T>(out: Output, stream: ItemStream<T>): Promise<unknown> {
  const list = printedList(out, stream)
  const render = async () => {
    try {
      for await (const page of stream.pages()) await list.page(page)
    } catch (error) {
      throw stream.failed ? await stream.failed(error, list) : error
    }
    list.end()
    await stream.ended?.(list)
  }
  await (stream.around ? stream.around(render) : render())
  if (stream.result) return stream.result()
  stream.written = list.written
  return stream
}
