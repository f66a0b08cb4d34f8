import type {z} from 'zod'
import {ResponseShapeError} from './api-errors.js'

/** Validates a response body; a mismatch is reported with the first failing path instead of being used silently. */
export function parseResponse<T extends z.ZodType>(
  schema: T,
  body: unknown,
  what: string,
  requestId?: string,
): z.infer<T> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : '(body)'
  throw new ResponseShapeError(`unexpected ${what} in the response: ${where}: ${issue?.message}`, requestId)
}
