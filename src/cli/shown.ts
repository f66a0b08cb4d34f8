import type {Answered} from '../operations/operation.js'
import type {ResultName, ResultOf} from '../results/index.js'
import type {Column, ListFormat} from './output/columns.js'
import type {Output} from './output/output.js'

/**
 * How a command's result is shown. BaseCommand renders it once `run()` has returned (src/cli/base-command.ts): a run
 * for data (an MCP tool) takes the value as it is; --json, -o, --jq, --fields and --quiet print it through `json`;
 * a person sees `view`.
 */
export interface Views<R, F = R> {
  /** What a person sees (default: the JSON, as `json` prints it). */
  view?(result: R, out: Output): void | Promise<void>
  /** What --json and the script flags print (default: Output.printJson, which also does -o csv/tsv/jsonl). */
  json?(result: R, out: Output): void | Promise<void>
  /**
   * What the command does once its result is shown, also in a run for data: it may throw (the run ends with that
   * error and its result stays shown: exit 8 after a failed payout), or go on working (a server until it is stopped)
   * and give the run's final value (undefined: the shown value).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: an `after` that only fails or waits returns nothing (an async one, Promise<void>)
  after?(result: R): F | void | Promise<F | void>
}

/** A result with its views, as `run()` returns it; `shown()` makes one. */
export class Shown<R, F = R> {
  constructor(
    readonly value: R,
    readonly views: Views<R, F>,
  ) {}
}

/** A result with its views; a final value other than the result (`after`'s) is named by `F`. */
export const shown = <R, F = R>(value: R, views: Views<R, NoInfer<F>>): Shown<R, F> => new Shown(value, views)

/** An operation's answer with its views: once shown, the run ends with the operation's error, if it has one. */
export const shownAnswer = <R>(answered: Answered<R>, views: Omit<Views<R>, 'after'> = {}): Shown<R> =>
  shown(answered.value, {
    ...views,
    after: () => {
      if (answered.error) throw answered.error
    },
  })

/** What a create or an update saved: a person sees what was done to which record ("Updated payout <id>"), then it. */
export const shownSaved = <R extends {id: string}>(
  answered: Answered<R>,
  done: string,
  detail: (out: Output, saved: R) => void,
): Shown<R> =>
  shownAnswer(answered, {
    view: (saved, out) => {
      out.line(`${done} ${saved.id}`)
      detail(out, saved)
    },
  })

/**
 * What `run()` of a command answering result N (commandOf's `result: N`, `BaseCommand<typeof X, N>`) returns: the result (shown as JSON to everyone), or the
 * result with its views (and an `after` that ends the run with its final value, or with none: the result).
 */
export type Answer<N extends ResultName> = ResultOf<N> | Shown<unknown, ResultOf<N>>

/** A summary only returned (to a run for data, a test): nothing is printed, stdout may belong to a protocol. */
export const unprinted = <R>(value: R): Shown<R> => shown(value, {view() {}, json() {}})

/**
 * One item or several by the output contract (Output.show, docs/scripting.md): the value is the object for one item
 * asked for, else the array; a person sees `view` for one item and a table for several.
 */
export function shownItems<I>(
  items: I[],
  options: {
    columns: Column<I>[]
    single: boolean
    format?: ListFormat
    view?: (item: I, out: Output) => void
    after?: () => void
  },
): Shown<I | I[]> {
  const {view, after} = options
  const show = (out: Output) => out.show(items, {...options, view: view && ((item: I) => view(item, out))})
  return shown(options.single && items.length === 1 ? items[0] : items, {
    view: (_, out) => show(out),
    json: (_, out) => show(out),
    after,
  })
}
