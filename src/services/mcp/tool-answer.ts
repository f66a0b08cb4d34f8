import type {CliRun} from './cli-runner.js'

export interface ToolError {
  code: string
  message: string
  exitCode: number
  suggestions?: string[]
  details?: unknown
  requestId?: string
}

/** What a tool answers: the command's JSON, the CLI's warnings, and its error as the CLI reports it. */
export interface ToolAnswer {
  data?: unknown
  warnings: string[]
  error?: ToolError
  /** Fields a tool adds beside the data (the create tool's approvalUrl). */
  extra?: Record<string, unknown>
}

const WARNING = /^Warning: /

function parseErrorLine(line: string): ToolError | undefined {
  try {
    const parsed = JSON.parse(line) as {error?: ToolError}
    return parsed && typeof parsed.error === 'object' ? parsed.error : undefined
  } catch {
    return undefined
  }
}

function parseData(stdout: string): unknown {
  const text = stdout.trim()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A list's position line under --json (`{written, hasMore, nextCursor}` on stderr): where the next page starts. */
function parsePosition(line: string): {nextCursor: string | null} | undefined {
  try {
    const parsed = JSON.parse(line) as {nextCursor?: unknown}
    if (!parsed || typeof parsed !== 'object' || !('nextCursor' in parsed)) return undefined
    return {nextCursor: typeof parsed.nextCursor === 'string' ? parsed.nextCursor : null}
  } catch {
    return undefined
  }
}

/** The payouts approve or pay left out under --skip-conflicts / --within-balance (`{skipped: [...]}` on stderr). */
function parseSkipped(line: string): {skipped: unknown[]} | undefined {
  if (!line.startsWith('{"skipped":')) return undefined
  try {
    const parsed = JSON.parse(line) as {skipped?: unknown}
    return Array.isArray(parsed.skipped) ? {skipped: parsed.skipped} : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads a command's run: stdout is its JSON, stderr its warnings, a list's position (the cursor of the next
 * page), the payouts an approve or pay of what is allowed skipped, and (under --json) its error object.
 */
export function answerOf(run: CliRun): ToolAnswer {
  const lines = run.stderr.split('\n').filter(Boolean)
  const warnings = lines.filter(line => WARNING.test(line)).map(line => line.replace(WARNING, ''))
  const position = lines.map(parsePosition).find(Boolean)
  const skipped = lines.map(parseSkipped).find(Boolean)
  const extra = position || skipped ? {...position, ...skipped} : undefined
  const answer: ToolAnswer = {data: parseData(run.stdout), warnings, ...(extra ? {extra} : {})}
  if (run.exitCode === 0) return answer
  const reported = lines.map(parseErrorLine).find(Boolean)
  answer.error = reported ?? {
    code: 'UNEXPECTED',
    message: lines.filter(line => !WARNING.test(line)).at(-1) ?? `exit ${run.exitCode}`,
    exitCode: run.exitCode,
  }
  return answer
}

/** The ids of the resources an answer names (for the audit log), at most 100. */
export function idsOf(data: unknown): string[] {
  const items = Array.isArray(data) ? data : data && typeof data === 'object' && 'id' in data ? [data] : []
  return items
    .map(item => (item && typeof item === 'object' ? (item as {id?: unknown}).id : undefined))
    .filter((id): id is string => typeof id === 'string')
    .slice(0, 100)
}

/** The structured content of an answer: compact, amounts as the API's decimal strings. */
export function structuredOf(answer: ToolAnswer): Record<string, unknown> {
  return {
    ...(answer.data === undefined ? {} : {data: answer.data}),
    ...answer.extra,
    ...(answer.warnings.length ? {warnings: answer.warnings} : {}),
    ...(answer.error ? {error: answer.error} : {}),
  }
}

/** The MCP result: structured content, the same JSON as text, and isError with the CLI's code and suggestion. */
export function callResultOf(answer: ToolAnswer) {
  const structuredContent = structuredOf(answer)
  const json = JSON.stringify(structuredContent)
  if (!answer.error) return {structuredContent, content: [{type: 'text' as const, text: json}]}
  const {code, message, suggestions} = answer.error
  const line = `${code}: ${message}${suggestions?.length ? ` (try: ${suggestions.join('; ')})` : ''}`
  return {isError: true, structuredContent, content: [{type: 'text' as const, text: `${line}\n${json}`}]}
}
