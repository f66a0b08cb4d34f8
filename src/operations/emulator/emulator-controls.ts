import type {EmulatorControl} from '../../client/emulator-control.js'
import type {ClaimMethod} from '../../services/emulator-control/claim-details.js'
import {TRIGGERS} from '../../services/emulator-control/trigger.js'
import {usageError} from '../../shared/errors.js'
import {amountInput, currencyInput, emailInput} from '../inputs/common-inputs.js'
import {claimInputs, methodInput} from '../inputs/emulator-inputs.js'
import {booleanInput, optionInput, textInput} from '../inputs/field.js'
import {type Operation, operation} from '../operation.js'

/** The claim `emulator claim` makes: the method, its details (sandbox ones, overridden), the DAC7 step. */
async function claimOf(input: {
  method: ClaimMethod
  fail: boolean
  detail?: string[]
  'tax-residence'?: string
  'tax-identity'?: string[]
}) {
  const {claimDetails, parseDetailFlags, taxResidenceOf} = await import(
    '../../services/emulator-control/claim-details.js'
  )
  try {
    const details = claimDetails(input.method, {fail: input.fail, overrides: parseDetailFlags(input.detail)})
    return {method: input.method, details, taxResidence: taxResidenceOf(input['tax-residence'], input['tax-identity'])}
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error))
  }
}

/** `emulator claim`: a recipient claims payouts on the emulator, as on the claim page; money moves. */
export const emulatorClaim = operation({
  id: 'emulator:claim',
  summary: 'Claim payouts as their recipients would on the claim page.',
  result: 'claimed',
  inputs: {
    payout: textInput({
      summary: 'Payout ids: v2 payout_… or v1 UUID (one id: the answer uses its generation); "-" reads stdin.',
      positional: true,
      multiple: true,
    }),
    ...claimInputs,
    'all-approved': booleanInput({summary: 'Claim every approved payout with an e-mail or phone recipient.'}),
  },
  async run(input, context) {
    const claim = await claimOf(input)
    const ids = input.payout ?? []
    if (input['all-approved'] && ids.length) throw usageError('give payout ids or --all-approved, not both')
    if (!input['all-approved'] && !ids.length)
      throw usageError('give a payout id, "-" to read ids from stdin, or --all-approved')
    const control = await context.session.control()
    if (ids.length === 1 && ids[0] !== '-') {
      const payout = await control.claim(ids[0], claim.method, claim.details, claim.taxResidence)
      return {value: payout, claim, single: true as const}
    }
    const [many, {collectPayoutKeys}, {claimMany}] = await Promise.all([
      import('../../services/emulator-control/claim-many.js'),
      import('../../services/payouts/ids-input.js'),
      import('./claim-run.js'),
    ])
    const claimed = input['all-approved']
      ? await many.approvedClaimableIds(await context.session.client())
      : (await collectPayoutKeys({args: ids, warn: line => context.report.warn(line)})).keys.map(key => key.v2)
    return {...(await claimMany(control, claimed, claim)), claim, single: false as const}
  },
})

/** `emulator clock advance`: the emulator's clock moves on; what became due (expiries, webhook retries) runs. */
export const emulatorClockAdvance = operation({
  id: 'emulator:clock:advance',
  summary: "Move the emulator's clock forward; what became due runs at once.",
  result: 'clock',
  inputs: {
    duration: textInput({summary: 'How far: 90, 10s, 5m, 1h30m, 30d.', required: true, positional: true}),
  },
  async run(input, context) {
    const {parseDuration} = await import('../../services/emulator-control/duration.js')
    let seconds: number
    try {
      seconds = parseDuration(input.duration)
    } catch (error) {
      throw usageError(`DURATION ${error instanceof Error ? error.message : String(error)}`)
    }
    return {value: await (await context.session.control()).advanceClock(seconds)}
  },
})

/** `emulator trigger`: an event played through the API and the emulator's controls, as "stripe trigger" does. */
export const emulatorTrigger = operation({
  id: 'emulator:trigger',
  summary: 'Make the emulator play an event: create a payout and drive it to the end state.',
  result: 'triggered',
  inputs: {
    event: optionInput(TRIGGERS, {summary: 'The event to play.', required: true, positional: true}),
    method: methodInput('Payout method the recipient claims with (payout.completed, payout.failed).'),
    amount: amountInput({summary: 'Amount of the payout.', default: '10.00'}),
    currency: currencyInput({summary: 'Currency of the payout.', default: 'EUR'}),
    email: emailInput({summary: "The recipient's e-mail address.", default: 'trigger@example.com'}),
  },
  async run(input, context) {
    const [{trigger}, api, control] = await Promise.all([
      import('../../services/emulator-control/trigger.js'),
      context.session.client(),
      context.session.control(),
    ])
    const {method, amount, currency, email} = input
    const value = await trigger(input.event, {method, amount, currency, email}, api, control)
    // Whether anyone receives the deliveries: a person is told when no subscription does.
    const subscribed = context.audience === 'person' ? (await api.v1.webhooks.list()).length > 0 : undefined
    return {value, subscribed}
  },
})

/** --follow of the emulator's logs: on a terminal by default (the command decides), --no-follow to stop. */
const followInput = (what: string) =>
  booleanInput({
    summary: `Keep printing new ${what} until Ctrl-C (default on a terminal; --no-follow: print the log so far and exit).`,
    allowNo: true,
  })

/**
 * An emulator log: what it holds so far; with `follow`, then every new entry as it comes (the CLI's log until
 * Ctrl-C), handed to `show`. `reader` answers the read of what came since its last read.
 */
const followedLog = <T>({
  log,
  entries,
  reader,
  ...declared
}: Pick<Operation, 'id' | 'summary' | 'result'> & {
  log: string
  entries: string
  reader: (control: EmulatorControl) => Promise<() => Promise<T[]>>
}) =>
  operation({
    ...declared,
    inputs: {follow: followInput(entries)},
    async run(input, context) {
      const [{followLog}, control] = await Promise.all([import('./follow-log.js'), context.session.control()])
      const read = await reader(control)
      const value = await read()
      return input.follow ? {value, follow: followLog(context, log, read, value)} : {value}
    },
  })

/** `emulator deliveries`: the webhook delivery log, as finished attempts with what became of each. */
export const emulatorDeliveries = followedLog({
  id: 'emulator:deliveries',
  summary: "Tail the emulator's webhook deliveries: status, attempt and next retry.",
  result: 'deliveryAttempts',
  log: 'the delivery log',
  entries: 'attempts',
  async reader(control) {
    const {DeliveryTail} = await import('./delivery-tail.js')
    const tail = new DeliveryTail()
    return async () => tail.next(await control.deliveries())
  },
})

/** `emulator requests`: the requests the emulator answered. */
export const emulatorRequests = followedLog({
  id: 'emulator:requests',
  summary: 'List the requests the emulator answered: time, method, path, status, time taken, request id.',
  result: 'emulatorRequests',
  log: 'the request log',
  entries: 'requests',
  async reader(control) {
    let last = 0
    return async () => {
      const fresh = await control.requests(last)
      last = fresh.at(-1)?.seq ?? last
      return fresh
    }
  },
})
