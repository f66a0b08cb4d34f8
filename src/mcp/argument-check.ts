import type * as z from 'zod'
import {closestName} from '../shared/edit-distance.js'
import {ExitCode} from '../shared/exit-codes.js'
import type {ToolAnswer} from './tool-answer.js'
import type {ToolArguments} from './tool-call-key.js'

type Problem = {path: string; message: string}

/** One problem per refused input, each naming it: a misspelt name with the closest one the tool has. */
function problemsOf(error: z.ZodError, inputs: readonly string[]): Problem[] {
  return error.issues.flatMap(issue => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map(key => {
        const closest = closestName(key, inputs)
        return {path: key, message: `not an input of this tool${closest ? `; did you mean ${closest}?` : ''}`}
      })
    return [{path: issue.path.map(String).join('.') || '(arguments)', message: issue.message}]
  })
}

/**
 * The arguments as the tool's input schema accepts them, or a USAGE answer that names every refused input (the
 * same code and exit code as the CLI's own usage errors).
 */
export function checkedArguments(schema: z.ZodObject, args: unknown): {args: ToolArguments} | {answer: ToolAnswer} {
  const parsed = schema.safeParse(args ?? {})
  if (parsed.success) return {args: parsed.data as ToolArguments}
  const details = problemsOf(parsed.error, Object.keys(schema.shape))
  return {
    answer: {
      warnings: [],
      error: {
        code: 'USAGE',
        message: details.map(problem => `${problem.path}: ${problem.message}`).join('; '),
        exitCode: ExitCode.usage,
        details,
      },
    },
  }
}
