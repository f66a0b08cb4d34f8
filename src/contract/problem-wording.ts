/**
 * How a request problem is worded. Most of the contract's messages are a predicate about their field ("must be an
 * e-mail address"): whoever names the field (a file's column, a flag) can put its name before them. Some are whole
 * sentences that name their subject themselves (`amount "1,5" has a decimal comma …`), and so are zod's own
 * messages. The wording that writes a sentence marks the zod issue it words; the formatter (request-problems.ts)
 * carries the mark into the problem, so that no reader has to guess from the words.
 */

import type * as z from 'zod/mini'

type CustomIssue = z.core.$ZodRawIssue<z.core.$ZodIssueCustom>

interface SentenceMark {
  sentence?: true
}

/**
 * `message`, with the issue it words (the zod issue an error map is given) marked as worded by a whole sentence.
 * zod keeps the issue's own fields when it finishes it, the mark among them. An undefined message leaves the
 * wording to zod, whose messages are sentences too.
 */
export function sentence<Message extends string | undefined>(issue: object, message: Message): Message {
  ;(issue as SentenceMark).sentence = true
  return message
}

/** An issue raised with a whole sentence as its message (`ctx.addIssue`). */
export const sentenceIssue = (issue: CustomIssue): CustomIssue & SentenceMark => ({...issue, sentence: true})

/** Whether a finished zod issue was worded by a whole sentence (else: a predicate about its field). */
export const isSentence = (issue: object): boolean => (issue as SentenceMark).sentence === true
