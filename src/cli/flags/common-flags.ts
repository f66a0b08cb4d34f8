import * as Flags from '@oclif/core/flags'
import type {ApiGeneration} from '../../contract/primitives.js'
import {
  allInput,
  allowConfusableInput,
  amountInput,
  andThenInput,
  apiInput,
  approvalWaitInput,
  createdBeforeInput,
  createdFromInput,
  currencyInput,
  cursorInput,
  customIdInput,
  emailInput,
  fitInputs,
  freeTextInput,
  generationInput,
  httpUrlInput,
  idempotencyKeyInput,
  idsInputs,
  limitInput,
  phoneInput,
  requiredSinceStateInput,
  sinceStateInput,
  waitInput,
  waitTimeoutInput,
  waitTimeoutOfWaitInput,
} from '../../operations/inputs/common-inputs.js'
import {argsOf, flagOf, flagsOf} from './flag-of.js'

/**
 * Flag definitions shared by several commands: each is the flag of an operation's input
 * (src/operations/inputs/common-inputs.ts), defined once for the command and the agent's tool.
 */

export const generationFlag = (summary: string) => flagOf(generationInput(summary))
export const apiFlag = (defaultApi: ApiGeneration, summary?: string) => flagOf(apiInput(defaultApi, summary))
export const customIdFlag = flagOf(customIdInput)
export const limitFlag = (defaultLimit: number) => flagOf(limitInput(defaultLimit))
export const allFlag = flagOf(allInput)
export const cursorFlag = flagOf(cursorInput)

export {outputFlag} from './output-flag.js'

/** The person's confirmation given up front: a flag of the terminal, never an input of an operation. */
export const yesFlag = Flags.boolean({
  char: 'y',
  summary:
    'Do not ask for confirmation (required without a TTY for money-moving or destructive commands on production).',
})

/** --open of the `sessions` commands: the browser is the terminal's; an agent never opens one. */
export const openFlag = Flags.boolean({
  summary: 'Also open the URL in a browser (not without a terminal, nor with PAYCTL_BROWSER=none).',
})

export const idempotencyKeyFlag = flagOf(idempotencyKeyInput)

/** Typed flags for the resource commands: each validates its value at parse time (one line naming the flag, exit 2). */
export const freeTextFlag = <const O extends {summary: string; required?: boolean}>(options: O) =>
  flagOf(freeTextInput(options))
export const amountFlag = <const O extends Parameters<typeof amountInput>[0]>(options: O) =>
  flagOf(amountInput(options))
export const currencyFlag = <const O extends Parameters<typeof currencyInput>[0]>(options: O) =>
  flagOf(currencyInput(options))
export const emailFlag = <const O extends Parameters<typeof emailInput>[0]>(options: O) => flagOf(emailInput(options))
export const phoneFlag = <const O extends Parameters<typeof phoneInput>[0]>(options: O) => flagOf(phoneInput(options))
export const httpUrlFlag = <const O extends Parameters<typeof httpUrlInput>[0]>(options: O) =>
  flagOf(httpUrlInput(options))
export const allowConfusableFlag = flagOf(allowConfusableInput)

export const createdFromFlag = (summary?: string, helpGroup?: string) => flagOf(createdFromInput(summary, helpGroup))
export const createdBeforeFlag = (summary?: string, helpGroup?: string) =>
  flagOf(createdBeforeInput(summary, helpGroup))

export const sinceStateFlag = flagOf(sinceStateInput)
export const requiredSinceStateFlag = flagOf(requiredSinceStateInput)
export const andThenFlag = flagOf(andThenInput)

/** Arguments and flags every many-ids payout command has. */
export const idsArgs = argsOf(idsInputs)
export const idsFlags = flagsOf(idsInputs)
export const fitFlags = flagsOf(fitInputs)
export const waitFlag = flagOf(waitInput)
export const waitTimeoutFlag = flagOf(waitTimeoutInput)
export const waitTimeoutOfWaitFlag = flagOf(waitTimeoutOfWaitInput)
export const approvalWaitFlag = flagOf(approvalWaitInput)
