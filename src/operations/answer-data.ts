import {isItemSource, type WrittenList} from './item-source.js'
import type {OperationAnswer} from './operation.js'

/** An operation's answer as data: its value (a list's items, all of them), and the error its run ends with. */
export interface AnswerData {
  data?: unknown
  error?: unknown
}

/**
 * Reads an operation's answer for a caller that takes data, not a terminal (an agent's tool call): the value, or
 * every item of its pages, collected as --json would print them; a run that fails after its items (exit 8)
 * answers them with its error. Nothing is written anywhere.
 */
export async function answerData(answer: OperationAnswer): Promise<AnswerData> {
  if (!isItemSource(answer)) return {data: answer.value, error: answer.error}
  const items: unknown[] = []
  // Kept once the list is complete (its end): a run that fails after it answers the items with its error.
  let kept: {data: unknown} | undefined
  const list: WrittenList = {
    get written() {
      return items.length
    },
    end() {
      kept = {data: answer.single && items.length === 1 ? items[0] : items}
    },
  }
  const read = async () => {
    try {
      for await (const page of answer.pages()) items.push(...page)
    } catch (error) {
      throw answer.failed ? await answer.failed(error, list) : error
    }
    list.end()
    await answer.ended?.(list)
  }
  try {
    await (answer.around ? answer.around(read) : read())
  } catch (error) {
    return {data: kept?.data, error}
  }
  return {data: answer.result ? answer.result() : kept?.data}
}
