import * as Errors from '@oclif/core/errors'
import type {Hook} from '@oclif/core/interfaces'
import {errorJson, formatErrorLine} from '../../services/errors/error-report.js'
import {editDistance} from '../../shared/edit-distance.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {terminalSafe} from '../output/terminal-safe.js'

/** Longest command id compared: a pasted paragraph must not cost quadratic time. */
const MAX_COMPARED = 64

/** The visible command closest to `id`, when it is close enough to be a typo. */
export function closestCommand(id: string, ids: readonly string[]): string | undefined {
  const typed = id.slice(0, MAX_COMPARED)
  let best: {id: string; distance: number} | undefined
  for (const candidate of ids) {
    const d = editDistance(typed, candidate)
    if (!best || d < best.distance) best = {id: candidate, distance: d}
  }
  return best && best.distance <= Math.max(2, Math.floor(best.id.length / 3)) ? best.id : undefined
}

/**
 * An unknown command is never run, not even a close match: one line (one JSON object under --json) with the
 * suggestion, and exit 2.
 */
const hook: Hook<'command_not_found'> = async options => {
  const {config, id} = options
  const visible = config.commands.filter(command => !command.hidden).map(command => command.id)
  const spaced = (value: string) => value.replaceAll(':', ' ')
  const suggestion = closestCommand(id, visible)
  const topic = id.split(':')[0]
  const help = config.findTopic(topic) ? `${config.bin} help ${topic}` : `${config.bin} help`
  const typed = spaced(id).length > 80 ? `${spaced(id).slice(0, 80)}…` : spaced(id)
  const report = {
    exitCode: ExitCode.usage,
    code: 'UNKNOWN_COMMAND',
    message: `"${typed}" is not a ${config.bin} command${suggestion ? `; did you mean "${spaced(suggestion)}"?` : ''}`,
    suggestions: [`run "${help}" for the list of commands`],
    ...(suggestion ? {data: {suggestion: spaced(suggestion)}} : {}),
  }
  const json = (options.argv ?? []).includes('--json') || process.argv.includes('--json')
  process.stderr.write(`${json ? errorJson(report) : terminalSafe(formatErrorLine(report))}\n`)
  throw new Errors.ExitError(ExitCode.usage)
}

export default hook
