import * as Flags from '@oclif/core/flags'
import {LIST_FORMATS} from '../output/columns.js'

/** -o: a global flag (every command that prints data honours it; docs/scripting.md, "The output contract"). */
export const outputFlag = Flags.option({
  char: 'o',
  options: LIST_FORMATS,
  summary: 'Output format (default: table on a terminal, tsv without a header in a pipe); all but json stream.',
  helpGroup: 'GLOBAL',
})()
