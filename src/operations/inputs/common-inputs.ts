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
import {booleanInput, checkedInput, integerInput, optionInput, parsedInput, textInput} from './field.js'

/** Inputs several operations share: defined once, each with the check that refuses a bad value (exit 2). */

/** A choice of API generation (`v1`, `v2`) without a default: the operation decides from the other inputs. */
export const generationInput = (summary: string) => optionInput(API_GENERATIONS, {summary})

export const apiInput = (defaultApi: ApiGeneration, summary = `API generation to use (default ${defaultApi}).`) =>
  optionInput(API_GENERATIONS, {default: defaultApi, summary})

export const customIdInput = textInput({summary: 'Identify the payout by your own customId instead of its id.'})

export const limitInput = (defaultLimit: number) =>
  integerInput({
    summary: `Show at most this many items (default ${defaultLimit}; --all for every item).`,
    min: 1,
    default: defaultLimit,
  })

export const allInput = booleanInput({
  summary: 'Follow every page (streamed: memory stays flat).',
  exclusive: ['limit'],
})

export const cursorInput = textInput({
  summary: 'Start at this cursor: the nextCursor of an earlier page or run (same filters).',
})

export const idempotencyKeyInput = parsedInput(
  value => {
    if (value.length < 1 || value.length > 255) throw new Error('--idempotency-key must be 1 to 255 characters')
    return value
  },
  {summary: 'Idempotency key for the v2 POST (1-255 chars); re-running with the same key never applies twice.'},
)

/** Free text such as a description: kept as given (line breaks and tabs too); other control characters refused. */
export const freeTextInput = <const O extends {summary: string; required?: boolean}>(options: O) =>
  parsedInput((input: string) => {
    const reason = freeTextProblem(input)
    if (reason) throw new Error(reason)
    return input
  }, options)

/** A plain positive decimal ("12.50"); the currency's decimals are checked once both inputs are known. */
export const amountInput = checkedInput(value => amountProblem(value))

/** A three-letter currency code; lower case is accepted and upper-cased. */
export const currencyInput = checkedInput(currencyProblem, value => value.toUpperCase())

export const emailInput = checkedInput(emailProblem, recipientEmail)

export const phoneInput = checkedInput(phoneProblem, compactPhone)

export const httpUrlInput = checkedInput(httpUrlProblem)

/** Sends to a look-alike address all the same (src/contract/look-alike.ts); a person's choice, never an agent's. */
export const allowConfusableInput = booleanInput({
  summary:
    'Accept a recipient address that mixes scripts or could pass for another (e.g. a Cyrillic а in example.com); without it such an address is refused (exit 6).',
})

/** An ISO 8601 date-time with a zone, or a date (midnight UTC); sent as a UTC ISO string. */
const dateTimeInput = <const O extends {summary: string; helpGroup?: string; aliases?: readonly string[]}>(
  options: O,
) => parsedInput(parseDateTime, options)

/** --from / --before of the lists (aliases --since / --until): a [from, before) window on `createdAt`. */
export const createdFromInput = <const H extends string | undefined = undefined>(
  summary = 'Created at or after this date-time (inclusive).',
  helpGroup?: H,
) => dateTimeInput({summary, helpGroup, aliases: ['since']})
export const createdBeforeInput = <const H extends string | undefined = undefined>(
  summary = 'Created before this date-time (exclusive).',
  helpGroup?: H,
) => dateTimeInput({summary, helpGroup, aliases: ['until']})

/** --since-state FILE of unattended runs (docs/scripting.md, "Unattended runs"). */
const sinceStateSummary =
  'Print only what is new or changed since the last successful run recorded in FILE, then advance FILE (created on the first run; one file per command, profile and filters).'
export const sinceStateInput = textInput({summary: sinceStateSummary})
export const requiredSinceStateInput = textInput({summary: sinceStateSummary, required: true})

export const andThenInput = optionInput(AND_THEN, {
  summary: 'Follow-up step the service runs right away: send the claim link, or pay (moves money).',
})

/** The inputs of every many-ids payout operation: ids (as arguments), customIds, a file of ids. */
export const idsInputs = {
  id: textInput({
    summary: 'Payout ids (v1 UUID or payout_<UUID>), as many as you like; "-" reads them from stdin.',
    positional: true,
    multiple: true,
  }),
  'custom-id': textInput({summary: 'Identify a payout by your own customId (repeatable).', multiple: true}),
  'ids-file': textInput({
    summary: 'Read payout ids from FILE, one per line ("-" for stdin; blank lines and # comments are skipped).',
  }),
}

/**
 * `--skip-conflicts` and `--within-balance` of approve and pay: explicit choices to apply the step to what fits
 * instead of all or nothing (docs/scripting.md, "Approving what fits").
 */
export const fitInputs = {
  'skip-conflicts': booleanInput({
    summary: 'Apply the step to every payout whose state allows it; list the others with their state.',
  }),
  'within-balance': booleanInput({
    summary: 'In the order given, apply while the available balance and the allowance last; list the rest.',
  }),
}

/** `--wait`: follow the payouts until they reach a final state for the operation's step (docs/waiting.md). */
export const waitInput = booleanInput({
  summary: 'Wait until every payout reaches a final state for this step; exit 8 if some failed, 7 on time-out.',
})

/** `--timeout` of `--wait` and `payouts wait`: a duration such as 90s, 10m or 1h (plain numbers are seconds). */
const DEFAULT_WAIT_TIMEOUT_MS = 15 * 60 * 1000
const parseTimeout = (input: string) => {
  const ms = parseDuration(input)
  if (ms === undefined || ms <= 0) throw new Error(`"${input}" is not a duration like 90s, 10m or 1h`)
  return ms
}
const timeoutSummary = 'How long to wait at most: 90s, 10m, 1h (plain numbers are seconds).'
export const waitTimeoutInput = parsedInput(parseTimeout, {
  summary: timeoutSummary,
  default: DEFAULT_WAIT_TIMEOUT_MS,
  defaultHelp: '15m',
})
/** `payctl mcp --approval-wait`: how long the create tool waits for the decision on a page the client showed. */
export const approvalWaitInput = parsedInput(parseTimeout, {
  summary:
    "How long the create tool waits for the person's decision on an approval page their client showed them (URL elicitation): 90s, 10m.",
  default: 50 * 1000,
  defaultHelp: '50s',
})
/**
 * --timeout beside --wait: alone it would change nothing, so it is refused (exit 2) rather than ignored; its default
 * applies only with --wait.
 */
export const waitTimeoutOfWaitInput = parsedInput(parseTimeout, {
  summary: timeoutSummary,
  default: DEFAULT_WAIT_TIMEOUT_MS,
  defaultHelp: '15m',
  defaultWith: 'wait',
  dependsOn: ['wait'],
})
