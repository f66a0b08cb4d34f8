import {ExitCode} from '../shared/exit-codes.js'
import {asJsonObject, fieldOf} from '../shared/json-object.js'
import type {NextCall, ToolAnswer, ToolError} from './tool-answer.js'
import type {ToolArguments} from './tool-call-key.js'

/**
 * An answer in an agent's terms. The operations speak to people at a terminal (`--amount`, `payctl payouts wait
 * …`); a tool's inputs have the flags' names without the dashes, so a flag becomes its input's name, and a command
 * line to type is dropped: the step it advised is `next`, a tool and its arguments. An error without a step of its
 * own gets the one its exit code implies.
 */

/** A flag as a person types it: `--amount`, `--no-wait`, after a space, a quote, a bracket or a line's start. */
const FLAG = /(^|[\s"'(,:;[])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\b/g
/** A command line a person types, quoted or not, up to its closing quote or the end: named by its tool instead. */
const COMMAND_LINE =
  /"payctl ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?[^"]*"|\bpayctl ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?(?: [^\s;,)]+)*/g
/** Help to read at a terminal. */
const HELP = / --help\b/g

const toolName = (...words: Array<string | undefined>) =>
  words
    .filter(word => word !== undefined)
    .join('_')
    .replaceAll('-', '_')

/** A text for an agent: command lines as tool names, flags as their inputs' names. */
export const agentText = (text: string): string =>
  text
    .replace(COMMAND_LINE, (_, a, b, c, d) => toolName(a ?? c, b ?? d))
    .replace(HELP, '')
    .replace(FLAG, '$1$2')

const agentLines = (lines: readonly string[] | undefined): string[] => (lines ?? []).map(agentText)

/** The inputs an error is about (its details' paths), as given or offered; never read from its message. */
function namedInputs(error: ToolError, args: ToolArguments, inputs: ReadonlySet<string>): string[] {
  const paths = Array.isArray(error.details)
    ? error.details.flatMap(detail => {
        const path = fieldOf(detail, 'path')
        return typeof path === 'string' ? [path] : []
      })
    : []
  return [...new Set(paths)].filter(name => inputs.has(name) || name in args)
}

/** The read tool that shows what a call named, as it stands. */
function readOf(tool: string, args: ToolArguments): NextCall | undefined {
  const ids = args.id ?? args.payout
  if (tool.startsWith('payouts_') && ids !== undefined)
    return {
      tool: 'payouts_get',
      arguments: {id: Array.isArray(ids) ? ids : [ids]},
      why: 'to see the payouts as they stand',
    }
  if (tool.startsWith('counterparties_') && args.id !== undefined)
    return {tool: 'counterparties_get', arguments: {id: args.id}, why: 'to see the counterparty as it stands'}
  return undefined
}

/** The step an error implies when its operation named none: fix the input, call again, or look at what it named. */
function impliedStep(
  tool: string,
  error: ToolError,
  args: ToolArguments,
  inputs: ReadonlySet<string>,
): NextCall | undefined {
  if (error.code === 'TOOL_NOT_SERVED') return undefined
  if (error.exitCode === ExitCode.usage || error.exitCode === ExitCode.invalidInput) {
    const named = namedInputs(error, args, inputs)
    const kept = Object.fromEntries(Object.entries(args).filter(([name]) => !named.includes(name)))
    // A name that is no input of the tool (a misspelling) is only left out: the message says what it meant.
    const supply = named.filter(name => inputs.has(name))
    return {
      tool,
      arguments: kept,
      ...(supply.length ? {supply: supply.map(input => ({input, about: 'a value the message above accepts'}))} : {}),
      why: named.length
        ? 'the same call with the inputs named put right'
        : 'the same call with the inputs the message names put right',
    }
  }
  if (error.exitCode === ExitCode.transient)
    return {tool, arguments: args, why: 'the same call again later: the same arguments never apply twice'}
  return readOf(tool, args) ?? (error.exitCode === ExitCode.unexpected ? undefined : {tool, arguments: args})
}

/** An answer as the agent gets it: no flag, no command line, and every error with its next step as a tool call. */
export function forAgent(
  answer: ToolAnswer,
  call: {tool: string; args: ToolArguments; inputs: ReadonlySet<string>},
): ToolAnswer {
  const warnings = answer.warnings.map(agentText)
  if (!answer.error) return {...answer, warnings}
  const {suggestions, details, ...error} = answer.error
  const kept = agentLines(suggestions)
  const next = error.next ?? impliedStep(call.tool, answer.error, call.args, call.inputs)
  const agentDetails = Array.isArray(details)
    ? details.map(detail => {
        const message = fieldOf(detail, 'message')
        return typeof message === 'string' ? {...asJsonObject(detail), message: agentText(message)} : detail
      })
    : details
  return {
    ...answer,
    warnings,
    error: {
      ...error,
      message: agentText(error.message),
      ...(kept.length ? {suggestions: kept} : {}),
      ...(agentDetails === undefined ? {} : {details: agentDetails}),
      ...(next ? {next} : {}),
    },
  }
}
