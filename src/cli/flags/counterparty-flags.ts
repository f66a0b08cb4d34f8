import {counterpartyInputs, counterpartyRefInputs} from '../../operations/inputs/counterparty-inputs.js'
import {argsOf, flagOf, flagsOf} from './flag-of.js'

/** The body fields of a counterparty as flags (src/operations/inputs/counterparty-inputs.ts). */
export const counterpartyFlags = flagsOf(counterpartyInputs)

/** The id argument and --custom-id of the commands that act on one counterparty. */
export const counterpartyIdArg = argsOf(counterpartyRefInputs).id
export const counterpartyCustomIdFlag = flagOf(counterpartyRefInputs['custom-id'])
