import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {parseDateTime} from '../../contract/formats.js'
import {
  AND_THEN,
  API_GENERATIONS,
  type ApiGeneration,
  compactPhone,
  emailProblem,
  freeTextProblem,
  phoneProblem,
  recipientEmail,
} from '../../contract/primitives.js'
import {amountProblem, currencyProblem} from '../../shared/money.js'
import {httpUrlProblem, parseDuration} from '../../shared/validate.js'

/** Flag definitions shared by several commands: defined once, reused everywhere. */

/** A choice of API generation (`v1`, `v2`) without a default: the command decides from the other flags. */
export const generationFlag = (summary: string) => Flags.option({options: API_GENERATIONS, summary})()

export const apiFlag = (defaultApi: ApiGeneration, summary = `API generation to use (default ${defaultApi}).`) =>
  Flags.option({options: API_GENERATIONS, default: defaultApi, summary})()

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

export const cursorFlag = Flags.string({
  summary: 'Start at this cursor: the nextCursor of an earlier page or run (same filters).',
})

export {outputFlag} from './output-flag.js'

export const yesFlag = Flags.boolean({
  char: 'y',
  summary:
    'Do not ask for confirmation (required without a TTY for money-moving or destructive commands on production).',
})

export const idempotencyKeyFlag = Flags.string({
  summary: 'Idempotency key for the v2 POST (1-255 chars); re-running with the same key never applies twice.',
  parse: async value => {
    if (value.length < 1 || value.length > 255) throw new Error('--idempotency-key must be 1 to 255 characters')
    return value
  },
})

/** Typed flags for the resource commands: each validates its value at parse time (one line naming the flag, exit 2). */

export const checked = (
  problem: (value: string) => string | undefined,
  normalize: (value: string) => string = v => v,
) =>
  Flags.custom<string>({
    parse: async input => {
      const value = normalize(input.trim())
      const reason = problem(value)
      if (reason) throw new Error(reason)
      return value
    },
  })

/** Free text such as a description: kept as given (line breaks and tabs too); other control characters refused. */
export const freeTextFlag = Flags.custom<string>({
  parse: async input => {
    const reason = freeTextProblem(input)
    if (reason) throw new Error(reason)
    return input
  },
})

/** A plain positive decimal ("12.50"); the currency's decimals are checked once both flags are known. */
export const amountFlag = checked(value => amountProblem(value))

/** A three-letter currency code; lower case is accepted and upper-cased. */
export const currencyFlag = checked(currencyProblem, value => value.toUpperCase())

export const emailFlag = checked(emailProblem, recipientEmail)

/** Sends to a look-alike address all the same (src/contract/look-alike.ts); a person's flag, never an MCP tool's. */
export const allowConfusableFlag = Flags.boolean({
  summary:
    'Accept a recipient address that mixes scripts or could pass for another (e.g. a Cyrillic а in example.com); without it such an address is refused (exit 6).',
})

export const phoneFlag = checked(phoneProblem, compactPhone)

export const httpUrlFlag = checked(httpUrlProblem)

/** An ISO 8601 date-time with a zone, or a date (midnight UTC); sent as a UTC ISO string. */
export const dateTimeFlag = Flags.custom<string>({
  parse: async input => parseDateTime(input),
})

/** --from / --before of the lists (aliases --since / --until): a [from, before) window on `createdAt`. */
export const createdFromFlag = (summary = 'Created at or after this date-time (inclusive).', helpGroup?: string) =>
  dateTimeFlag({summary, helpGroup, aliases: ['since']})
export const createdBeforeFlag = (summary = 'Created before this date-time (exclusive).', helpGroup?: string) =>
  dateTimeFlag({summary, helpGroup, aliases: ['until']})

/** --since-state FILE of unattended runs (docs/scripting.md, "Unattended runs"). */
const sinceStateSummary =
  'Print only what is new or changed since the last successful run recorded in FILE, then advance FILE (created on the first run; one file per command, profile and filters).'
export const sinceStateFlag = Flags.string({summary: sinceStateSummary})
export const requiredSinceStateFlag = Flags.string({summary: sinceStateSummary, required: true})

export const idsFileFlag = Flags.string({
  summary: 'Read payout ids from FILE, one per line ("-" for stdin; blank lines and # comments are skipped).',
})

export const andThenFlag = Flags.option({
  options: AND_THEN,
  summary: 'Follow-up step the service runs right away: send the claim link, or pay (moves money).',
})()

export const customIdsFlag = Flags.string({
  summary: 'Identify a payout by your own customId (repeatable).',
  multiple: true,
  multipleNonGreedy: true,
})

/** Arguments and flags every many-ids payout command has. */
export const idsArgs = {
  id: Args.string({
    description: 'Payout ids (v1 UUID or payout_<UUID>), as many as you like; "-" reads them from stdin.',
  }),
}

export const idsFlags = {
  'custom-id': customIdsFlag,
  'ids-file': idsFileFlag,
}

/**
 * `--skip-conflicts` and `--within-balance` of approve and pay: explicit choices to apply the step to what fits
 * instead of all or nothing (docs/scripting.md, "Approving what fits").
 */
export const fitFlags = {
  'skip-conflicts': Flags.boolean({
    summary: 'Apply the step to every payout whose state allows it; list the others with their state.',
  }),
  'within-balance': Flags.boolean({
    summary: 'In the order given, apply while the available balance and the allowance last; list the rest.',
  }),
}

/** `--wait`: follow the payouts until they reach a final state for the command's step (docs/waiting.md). */
export const waitFlag = Flags.boolean({
  summary: 'Wait until every payout reaches a final state for this step; exit 8 if some failed, 7 on time-out.',
})

/** `--timeout` of `--wait` and `payouts wait`: a duration such as 90s, 10m or 1h (plain numbers are seconds). */
const DEFAULT_WAIT_TIMEOUT_MS = 15 * 60 * 1000
const waitTimeout = Flags.custom<number>({
  summary: 'How long to wait at most: 90s, 10m, 1h (plain numbers are seconds).',
  default: DEFAULT_WAIT_TIMEOUT_MS,
  defaultHelp: async () => '15m',
  parse: async input => {
    const ms = parseDuration(input)
    if (ms === undefined || ms <= 0) throw new Error(`"${input}" is not a duration like 90s, 10m or 1h`)
    return ms
  },
})
export const waitTimeoutFlag = waitTimeout()
/**
 * --timeout beside --wait: alone it would change nothing, so it is refused (exit 2) rather than ignored. oclif
 * checks dependsOn against defaults too, so the default applies only with --wait (the value is set whenever
 * --wait is).
 */
export const waitTimeoutOfWaitFlag = waitTimeout({
  dependsOn: ['wait'],
  default: (async ({flags}: {flags: Record<string, unknown>}) =>
    flags.wait ? DEFAULT_WAIT_TIMEOUT_MS : undefined) as unknown as () => Promise<number>,
})
