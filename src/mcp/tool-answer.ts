import {fieldOf} from '../shared/json-object.js'

/**
 * A next step as an agent takes it: a tool and its arguments, never a command line. `supply` names the inputs only
 * the agent (or the person it works for) can fill in, such as a tax number; `why` says what the step resolves.
 */
export interface NextCall {
  tool: string
  arguments: Record<string, unknown>
  supply?: Array<{input: string; about?: string}>
  why?: string
}

export interface ToolError {
  code: string
  message: string
  exitCode: number
  suggestions?: string[]
  details?: unknown
  data?: unknown
  requestId?: string
  next?: NextCall
}

/** An operation's run for a tool: its data, what it reported beside it, and its error as the CLI reports it. */
export interface ToolRun {
  data?: unknown
  warnings: string[]
  /** What it reports beside the data: a list's `nextCursor`, the `skipped` payouts of approve or pay. */
  details: Record<string, unknown>
  error?: ToolError
}

/** What a tool answers: the command's JSON, the CLI's warnings, and its error as the CLI reports it. */
export interface ToolAnswer {
  data?: unknown
  warnings: string[]
  error?: ToolError
  /** Fields a tool adds beside the data (the create tool's approvalUrl). */
  extra?: Record<string, unknown>
  /** What to call next, in order, for what the warnings say (an error's own step is `error.next`). */
  next?: NextCall[]
}

/**
 * What a tool adds beside the data from a command's details: where a list goes on, what approve or pay skipped,
 * where each payout's money goes.
 */
function extraOf(details: Record<string, unknown>): Record<string, unknown> | undefined {
  const position = 'nextCursor' in details ? {nextCursor: details.nextCursor ?? null} : undefined
  const skipped = Array.isArray(details.skipped) ? {skipped: details.skipped} : undefined
  const destinations = details.destinations ? {destinations: details.destinations} : undefined
  return position || skipped || destinations ? {...position, ...skipped, ...destinations} : undefined
}

/** An operation's run as a tool's answer: its data, warnings and details, and its error as the CLI reports it. */
export function answerOf(run: ToolRun): ToolAnswer {
  const extra = extraOf(run.details)
  return {data: run.data, warnings: run.warnings, ...(extra ? {extra} : {}), ...(run.error ? {error: run.error} : {})}
}

/** The ids of the resources an answer names (for the audit log), at most 100. */
export function idsOf(data: unknown): string[] {
  const items = Array.isArray(data) ? data : data && typeof data === 'object' && 'id' in data ? [data] : []
  return items
    .map(item => fieldOf(item, 'id'))
    .filter((id): id is string => typeof id === 'string')
    .slice(0, 100)
}

/** The structured content of an answer: compact, amounts as the API's decimal strings. */
export function structuredOf(answer: ToolAnswer): Record<string, unknown> {
  return {
    ...(answer.data === undefined ? {} : {data: answer.data}),
    ...answer.extra,
    ...(answer.warnings.length ? {warnings: answer.warnings} : {}),
    ...(answer.next?.length ? {next: answer.next} : {}),
    ...(answer.error ? {error: answer.error} : {}),
  }
}

/** A tools/call result. */
export interface CallResult {
  [key: string]: unknown
  isError?: boolean
  structuredContent?: Record<string, unknown>
  content: Array<{type: 'text'; text: string}>
}

/** The MCP result: structured content, the same JSON as text, and isError with the CLI's code and suggestion. */
export function callResultOf(answer: ToolAnswer): CallResult {
  const structuredContent = structuredOf(answer)
  const json = JSON.stringify(structuredContent)
  if (!answer.error) return {structuredContent, content: [{type: 'text', text: json}]}
  const {code, message, suggestions} = answer.error
  const line = `${code}: ${message}${suggestions?.length ? ` (try: ${suggestions.join('; ')})` : ''}`
  return {isError: true, structuredContent, content: [{type: 'text', text: `${line}\n${json}`}]}
}

/**
 * The result as sent: its structured content checked against the output schema tools/list announced (with the
 * validator the SDK's client uses). An answer that does not fit goes as an error with its JSON as text only, so a
 * client that checks never fails the call with a protocol error.
 */
export function fittedResult(
  result: CallResult,
  fits: (structured: unknown) => {valid: boolean; errorMessage?: string},
): CallResult {
  const check = fits(result.structuredContent)
  if (check.valid) return result
  const json = JSON.stringify(result.structuredContent)
  const line = `UNEXPECTED: payctl's answer does not fit the tool's output schema (${check.errorMessage}); it follows as text`
  return {isError: true, content: [{type: 'text', text: `${line}\n${json}`}]}
}
