import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'
import {answerCheck} from '../contract/answer-check.js'
import {ResponseShapeError} from './api-errors.js'

// zod's "mini" build ships no messages; the issue messages below are English, as with zod's full API.
z.config(en())

/**
 * Validates a response body; a mismatch is reported with the first failing path instead of being used silently. A
 * schema that only describes shapes answers the body itself (contract/answer-check.ts).
 */
export function parseResponse<T extends z.core.$ZodType>(
  schema: T,
  body: unknown,
  what: string,
  requestId?: string,
): z.infer<T> {
  const check = answerCheck(schema)
  if (check.accepts?.(body)) return body as z.infer<T>
  const result = z.safeParse(schema, body)
  if (result.success) return check.plain ? (body as z.infer<T>) : result.data
  const issue = result.error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : '(body)'
  throw new ResponseShapeError(`unexpected ${what} in the response: ${where}: ${issue?.message}`, requestId)
}
