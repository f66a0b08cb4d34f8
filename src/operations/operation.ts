import type {PayoutClient} from '../client/index.js'
import type {ResultName} from '../results/index.js'
import type {Fields, InputOf} from './inputs/field.js'
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
 * command's), the result it answers (src/results: what --json prints and the tool's output schema publish), its
 * inputs (src/operations/inputs: the command's flags and the tool's input schema are made from them) and its run.
 * The module that defines it stays light (a command loads it for its flags); the run loads what it needs.
 */
export interface Operation<F extends Fields = Fields, R extends OperationAnswer = OperationAnswer> {
  readonly id: string
  /** One line: what it does (the command's summary, the tool's description). */
  readonly summary: string
  readonly result: ResultName
  readonly inputs: F
  run(input: InputOf<F>, context: OperationContext): Promise<R>
}

export const operation = <const F extends Fields, R extends OperationAnswer>(
  definition: Operation<F, R>,
): Operation<F, R> => definition

/** An operation without inputs that answers what one call of the API client answers. */
export const clientRead = <T>({
  read,
  ...declared
}: Pick<Operation, 'id' | 'summary' | 'result'> & {read: (client: PayoutClient) => Promise<T>}) =>
  operation({
    ...declared,
    inputs: {},
    async run(_, context) {
      return {value: await read(await context.session.client())}
    },
  })

/** A value with the items it came from: the one item asked for, or the list (`single` tells which). */
export interface ItemsAnswer<T> extends Answered<T | T[]> {
  readonly items: T[]
  readonly single: boolean
}

/** One item asked for answers that item, several (or a list asked for) the array, in the order given. */
export const itemsAnswer = <T>(items: T[], single: boolean, error?: Error): ItemsAnswer<T> => ({
  value: single && items.length === 1 ? items[0] : items,
  items,
  single,
  error,
})
