import {Flags} from '@oclif/core'
import {LIST_FORMATS} from './output/output.js'

/** Flag definitions shared by several commands: defined once, reused everywhere. */

export const apiFlag = (defaultApi: 'v1' | 'v2') =>
  Flags.option({
    options: ['v1', 'v2'] as const,
    default: defaultApi,
    summary: `API generation to use (default ${defaultApi}).`,
  })()

export const customIdFlag = Flags.string({
  summary: 'Identify the payout by your own customId instead of its id.',
})

export const limitFlag = (defaultLimit: number) =>
  Flags.integer({
    summary: `Show at most this many items (default ${defaultLimit}; --all for every item).`,
    min: 1,
    default: defaultLimit,
  })

export const allFlag = Flags.boolean({
  summary: 'Follow every page (streamed: memory stays flat).',
  exclusive: ['limit'],
})

export const outputFlag = Flags.option({
  options: LIST_FORMATS,
  summary: 'Output format; jsonl and csv are written page by page, for exports.',
})()

export const yesFlag = Flags.boolean({
  char: 'y',
  summary: 'Do not ask for confirmation (required without a TTY for money-moving commands on production).',
})

export const idempotencyKeyFlag = Flags.string({
  summary: 'Idempotency key for the v2 POST (1-255 chars); re-running with the same key never applies twice.',
  parse: async value => {
    if (value.length < 1 || value.length > 255) throw new Error('--idempotency-key must be 1 to 255 characters')
    return value
  },
})
