import type * as z from 'zod/mini'
import type {ErrorDetail} from '../../contract/error-envelope.js'
import {checkRequest} from '../../contract/request-problems.js'
import {OAuthError} from './oauth-errors.js'

/**
 * An OAuth request checked against its contract schema; the first problem becomes the RFC's error answer
 * (`{error, error_description}`), worded by the contract's one formatter ("code_verifier is required").
 */
export function checkedOAuthRequest<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  errorOf: (problem: ErrorDetail) => string,
): z.output<S> {
  const checked = checkRequest(schema, value)
  if (checked.ok) return checked.value
  const [problem] = checked.details
  throw new OAuthError(errorOf(problem), problem.path ? `${problem.path} ${problem.message}` : problem.message)
}
