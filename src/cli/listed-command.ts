import type {ItemSource} from '../operations/item-source.js'
import type {ResultName} from '../results/index.js'
import {outputFlag} from './flags/common-flags.js'
import type {DocumentColumns, ListFormat} from './output/columns.js'

/**
 * What a list command shares (`counterparties list`, `transactions list`, `payouts changes`): -o, and its items
 * streamed page by page (output/item-stream.ts) in the columns of its view, loaded while the operation runs.
 */
export const listedCommand = <const R extends ResultName, T>(
  result: R,
  columns: () => Promise<DocumentColumns<T>>,
) => ({
  result,
  flags: {output: outputFlag},
  view: () => Promise.all([import('./output/item-stream.js'), columns()]),
  show: (
    items: ItemSource<T>,
    [{listed}, shownColumns]: [typeof import('./output/item-stream.js'), DocumentColumns<T>],
    {flags}: {flags: {output?: ListFormat}},
  ) => listed(items, {columns: shownColumns, format: flags.output}),
})
