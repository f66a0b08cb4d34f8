import * as Flags from '@oclif/core/flags'
import type {ApiGeneration} from '../../contract/primitives.js'
import {
  allowConfusableInput,
  amountInput,
  andThenInput,
  apiInput,
  approvalWaitInput,
  currencyInput,
  idempotencyKeyInput,
  waitInput,
  waitTimeoutOfWaitInput,
} from '../../operations/inputs/common-inputs.js'
import {flagOf} from './flag-of.js'

/**
 * Flag definitions shared by several commands: each is the flag of an operation's input
 * (src/operations/inputs/common-inputs.ts), defined once for the command and the agent's tool.
 */

export const apiFlag = (defaultApi: ApiGeneration, summary?: string) => flagOf(apiInput(defaultApi, summary))

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
export const amountFlag = <const O extends Parameters<typeof amountInput>[0]>(options: O) =>
  flagOf(amountInput(options))
export const currencyFlag = <const O extends Parameters<typeof currencyInput>[0]>(options: O) =>
  flagOf(currencyInput(options))
export const allowConfusableFlag = flagOf(allowConfusableInput)

export const andThenFlag = flagOf(andThenInput)

export const waitFlag = flagOf(waitInput)
export const waitTimeoutOfWaitFlag = flagOf(waitTimeoutOfWaitInput)
export const approvalWaitFlag = flagOf(approvalWaitInput)
