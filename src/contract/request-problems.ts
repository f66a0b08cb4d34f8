import * as z from 'zod/mini'
import type {ErrorDetail} from './error-envelope.js'

/**
 * The one formatter of request problems: a schema's issues as the `details` of a 400 answer (`path` dotted
 * like `items.3.amount`, the message in the service's words). The emulator answers with it, the CLI's dry run
 * and flags report with it, so a problem reads the same wherever it is found.
 */

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type')
    return issue.input === undefined && issue.path.length ? 'is required' : issue.message
  if (issue.code === 'invalid_value' && issue.input === undefined) return 'is required'
  // A schema's own wording wins over zod's default ("Invalid input: expected …").
  if (issue.code === 'invalid_value')
    return issue.message.startsWith('Invalid input') ? `must be one of ${issue.values.join(', ')}` : issue.message
  if (issue.code === 'unrecognized_keys') return 'is not a known field'
  return issue.message
}

/**
 * The issues of a value that fits none of a `oneOf`'s branches, as those of the branch it comes closest to (the
 * fewest problems; the first on a tie), with their paths under the union's own.
 */
function closestBranch(issue: z.core.$ZodIssueInvalidUnion): z.core.$ZodIssue[] {
  if (!issue.errors.length) return [issue]
  const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best))
  return closest.flatMap(inner => flatten({...inner, path: [...issue.path, ...inner.path]} as z.core.$ZodIssue))
}

const flatten = (issue: z.core.$ZodIssue): z.core.$ZodIssue[] =>
  issue.code === 'invalid_union' ? closestBranch(issue) : [issue]

/** Each issue once: a field reports its first problem, as the service's checks do. */
export function problemsOf(error: z.core.$ZodError, base = ''): ErrorDetail[] {
  const seen = new Set<string>()
  const details: ErrorDetail[] = []
  for (const issue of error.issues.flatMap(flatten)) {
    // An unknown field is named by its own path, like any other problem.
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map(key => [...issue.path, key]) : [issue.path]
    for (const segments of paths) {
      const path = [base, ...segments.map(String)].filter(Boolean).join('.')
      if (seen.has(path)) continue
      seen.add(path)
      details.push({path, message: messageOf(issue)})
    }
  }
  return details
}

export type Checked<T> = {ok: true; value: T} | {ok: false; details: ErrorDetail[]}

/** Checks `value` against a request schema; the problems carry paths under `base`. */
export function checkRequest<S extends z.ZodMiniType>(schema: S, value: unknown, base = ''): Checked<z.output<S>> {
  const result = z.safeParse(schema, value, {reportInput: true})
  return result.success ? {ok: true, value: result.data} : {ok: false, details: problemsOf(result.error, base)}
}

/**
 * The contract's problems with the service's own problems of the same request after them, so that one answer
 * lists every problem; a field the contract already refused keeps its first problem.
 */
export function joinProblems(contract: readonly ErrorDetail[], service: readonly ErrorDetail[]): ErrorDetail[] {
  const reported = new Set(contract.map(detail => detail.path))
  return [...contract, ...service.filter(detail => !reported.has(detail.path))]
}
