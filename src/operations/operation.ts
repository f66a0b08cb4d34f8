import type {ResultName} from '../results/index.js'
import type {ItemSource} from './item-source.js'
import type {OperationContext} from './operation-context.js'

/**
 * What an operation answers: its value (what --json prints, an agent's data) and, when the run must end with an
 * error once the value is seen (exit 8 after a payout failed, 7 after a wait timed out), that error. An operation
 * may add what its views need beside the value.
 */
export interface Answered<T> {
  readonly value: T
  readonly error?: Error
}

/** An operation's answer: a value, or items read page by page (src/operations/item-source.ts). */
export type OperationAnswer = Answered<unknown> | ItemSource<unknown>

/**
 * One job of payctl, called alike by its command (src/commands) and by an agent's tool (src/mcp): its id (the
 * command's), the result it answers (src/results: what --json prints and the tool's output schema publish), and
 * its run. The module that defines it stays light (a command loads it to read its inputs); the run loads what it
 * needs.
 */
export interface Operation<I, R extends OperationAnswer = OperationAnswer> {
  readonly id: string
  readonly result: ResultName
  run(input: I, context: OperationContext): Promise<R>
}

export const operation = <I, R extends OperationAnswer>(definition: Operation<I, R>): Operation<I, R> => definition

/** The input an operation takes. */
export type InputOf<O> = O extends Operation<infer I, OperationAnswer> ? I : never
