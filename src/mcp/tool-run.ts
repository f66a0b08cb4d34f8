import {answerData} from '../operations/answer-data.js'
import {parseInput} from '../operations/inputs/parse-input.js'
import type {Operation} from '../operations/operation.js'
import type {OperationContext} from '../operations/operation-context.js'
import {KeptReport} from '../operations/reporter.js'
import {Session, type SessionOptions} from '../operations/session.js'
import {errorObject, reportError} from '../services/errors/error-report.js'
import type {NextStep} from '../shared/errors.js'
import {terminalSafe} from '../shared/terminal-safe.js'
import type {NextCall, ToolError, ToolRun} from './tool-answer.js'
import type {ToolArguments} from './tool-call-key.js'
import {TOOLS} from './tool-catalog.js'

/** The next step of an error as a tool call: the tool of its operation (the first that serves it). */
function nextCall(next: NextStep | undefined): NextCall | undefined {
  const tool = next && TOOLS.find(candidate => candidate.operation.id === next.operation)
  return next && tool ? {tool: tool.name, arguments: next.input} : undefined
}

/** An error as the answer carries it: the CLI's report, the input it names and the next step as a tool call. */
export function toolError(error: unknown): ToolError {
  const report = reportError(error)
  const {input, next} = report.advice ?? {}
  const details = input === undefined ? {} : {details: [{path: input, message: report.message}]}
  const call = nextCall(next)
  return {...errorObject(report), ...details, ...(call ? {next: call} : {})}
}

/**
 * Runs an operation for an agent: its input parsed from the tool's arguments (each value checked as the command's
 * flag checks it), in a session of the server's profile; what it answers is collected as data, its warnings and
 * details kept, and its error reported as the CLI reports it. No production prompt: the server's tool groups are
 * the person's consent. Nothing is written anywhere.
 */
export async function runTool(options: SessionOptions, operation: Operation, given: ToolArguments): Promise<ToolRun> {
  const report = new KeptReport()
  const session = new Session(options)
  const run: OperationContext = {session, report, audience: 'agent', confirm: async () => undefined}
  try {
    const {data, error} = await answerData(await operation.run(parseInput(operation.inputs, given), run))
    return {data, warnings: warningsOf(report), details: report.details, ...(error ? {error: toolError(error)} : {})}
  } catch (error) {
    return {warnings: warningsOf(report), details: report.details, error: toolError(error)}
  } finally {
    await session.close()
  }
}

const warningsOf = (report: KeptReport) => report.warnings.map(text => terminalSafe(text, {lines: true}))
