import * as z from 'zod/mini'
import type {ErrorDetail} from './error-envelope.js'
import {isSentence, sentence} from './problem-wording.js'

/**
 * The one formatter of request problems: a schema's issues as the `details` of a 400 answer (`path` dotted
 * like `items.3.amount`, the message in the service's words). The emulator answers with it, the CLI's dry run
 * and flags report with it, so a problem reads the same wherever it is found.
 */

/**
 * A request problem with how its message is worded: `predicate`, a predicate about the field at `path` ("must be
 * an e-mail address"), which a reader that names the field puts its name before; otherwise a whole sentence that
 * names its subject itself. The flag is payctl's own: the service's answers carry `path` and `message` only.
 */
export interface WordedProblem extends ErrorDetail {
  predicate: boolean
}

type Wording = Pick<WordedProblem, 'message' | 'predicate'>

const predicate = (message: string): Wording => ({message, predicate: true})

function wordingOf(issue: z.core.$ZodIssue): Wording {
  if (issue.code === 'invalid_type' && issue.input === undefined && issue.path.length) return predicate('is required')
  if (issue.code === 'invalid_value' && issue.input === undefined) return predicate('is required')
  // A schema's own wording wins over zod's default (in any locale).
  if (issue.code === 'invalid_value' && isSentence(issue)) return predicate(`must be one of ${issue.values.join(', ')}`)
  if (issue.code === 'unrecognized_keys') return predicate('is not a known field')
  return {message: issue.message, predicate: !isSentence(issue)}
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

/** Each issue once, with its wording: a field reports its first problem, as the service's checks do. */
function wordedProblemsOf(error: z.core.$ZodError, base: string): WordedProblem[] {
  const seen = new Set<string>()
  const problems: WordedProblem[] = []
  for (const issue of error.issues.flatMap(flatten)) {
    // An unknown field is named by its own path, like any other problem.
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map(key => [...issue.path, key]) : [issue.path]
    for (const segments of paths) {
      const path = [base, ...segments.map(String)].filter(Boolean).join('.')
      if (seen.has(path)) continue
      seen.add(path)
      problems.push({path, ...wordingOf(issue)})
    }
  }
  return problems
}

/** zod's own messages, used where a schema words nothing itself, name no field: they are sentences. */
const zodWording: z.core.$ZodErrorMap = issue => sentence(issue, undefined)

export type Checked<T, Detail = ErrorDetail> = {ok: true; value: T} | {ok: false; details: Detail[]}

/**
 * Checks `value` against a request schema; the problems carry paths under `base` and say how each is worded
 * (`predicate`). For a reader that names the field by its own name (a file's column); `checkRequest` for an answer.
 */
export function checkRequestWorded<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  base = '',
): Checked<z.output<S>, WordedProblem> {
  const result = z.safeParse(schema, value, {reportInput: true, error: zodWording})
  return result.success ? {ok: true, value: result.data} : {ok: false, details: wordedProblemsOf(result.error, base)}
}

/** Whether a request schema accepts `value` as it is (the value itself, not a parsed copy, is then its input). */
export const fitsRequest = <S extends z.ZodMiniType>(schema: S, value: unknown): value is z.input<S> =>
  z.safeParse(schema, value).success

/** Checks `value` against a request schema; the problems, as the service answers them, carry paths under `base`. */
export function checkRequest<S extends z.ZodMiniType>(schema: S, value: unknown, base = ''): Checked<z.output<S>> {
  const checked = checkRequestWorded(schema, value, base)
  return checked.ok ? checked : {ok: false, details: checked.details.map(({path, message}) => ({path, message}))}
}

/**
 * The contract's problems with the service's own problems of the same request after them, so that one answer
 * lists every problem; a field the contract already refused keeps its first problem.
 */
export function joinProblems(contract: readonly ErrorDetail[], service: readonly ErrorDetail[]): ErrorDetail[] {
  const reported = new Set(contract.map(detail => detail.path))
  return [...contract, ...service.filter(detail => !reported.has(detail.path))]
}
