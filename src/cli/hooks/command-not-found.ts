import * as Errors from '@oclif/core/errors'
import type {Hook} from '@oclif/core/interfaces'
import {errorJson, formatErrorLine} from '../../services/errors/error-report.js'
import {closestName} from '../../shared/edit-distance.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {jsonTerminalSafe, terminalSafe} from '../../shared/terminal-safe.js'

/** Names people type from other tools, and what payctl calls them. */
export const ALIASES: Readonly<Record<string, string>> = {
  version: '--version',
  whoami: 'auth status',
  login: 'auth login',
  logout: 'auth logout',
  'payouts cancel': 'payouts delete',
  completion: 'autocomplete',
  completions: 'autocomplete',
}

/** The visible command closest to `id`, when it is close enough to be a typo. */
export function closestCommand(id: string, ids: readonly string[]): string | undefined {
  return closestName(id, ids)
}

interface NotFound {
  /** UNKNOWN_COMMAND, or USAGE when the command is real and what surrounds it is not. */
  code: string
  message: string
  suggestion?: string
}

const spaced = (value: string) => value.replaceAll(':', ' ')

/**
 * Why `words` (what was typed where a command belongs) is not a command, and what to type instead: a flag
 * before the command, extra arguments after a real command, a name from another tool, or a typo.
 */
export function explainNotFound(words: string[], ids: readonly string[], bin: string): NotFound {
  const typed = words.join(' ')
  const shown = typed.length > 80 ? `${typed.slice(0, 80)}…` : typed
  if (words[0]?.startsWith('-')) {
    // The flag's value, when the command follows it (`--limit 5 payouts list`).
    const valued =
      !words[0].includes('=') && !longestCommand(words.slice(1), ids) && longestCommand(words.slice(2), ids)
    const flag = words.slice(0, valued ? 2 : 1).join(' ')
    const rest = words.slice(valued ? 2 : 1)
    const command = longestCommand(rest, ids)
    const example = command ? `${bin} ${rest.join(' ')} ${flag}` : `${bin} COMMAND ${flag}`
    return {code: 'USAGE', message: `"${words[0]}" is a flag before the command; flags go after it: "${example}"`}
  }
  const alias = ALIASES[typed]
  if (alias)
    return {
      code: 'UNKNOWN_COMMAND',
      message: `"${shown}" is not a ${bin} command; use "${bin} ${alias}"`,
      suggestion: alias,
    }
  const prefix = longestCommand(words, ids)
  if (prefix) {
    const extra = words.slice(prefix.split(':').length)
    const command = `${bin} ${spaced(prefix)}`
    return {
      code: 'USAGE',
      message: `unexpected argument${extra.length === 1 ? '' : 's'} "${extra.join(' ')}": "${command}" takes no more arguments`,
      suggestion: spaced(prefix),
    }
  }
  const close = closestCommand(words.join(':'), ids)
  return {
    code: 'UNKNOWN_COMMAND',
    message: `"${shown}" is not a ${bin} command${close ? `; did you mean "${spaced(close)}"?` : ''}`,
    suggestion: close && spaced(close),
  }
}

/** The longest command the first words name (`payouts list` of `payouts list extra`). */
function longestCommand(words: string[], ids: readonly string[]): string | undefined {
  for (let n = Math.min(words.length, 4); n > 0; n--) {
    const id = words.slice(0, n).join(':')
    if (ids.includes(id)) return id
  }
  return undefined
}

/**
 * An unknown command is never run, not even a close match: one line (one JSON object under --json) with the
 * suggestion, and exit 2.
 */
const hook: Hook<'command_not_found'> = async options => {
  const {config, id} = options
  const visible = config.commands.filter(command => !command.hidden).map(command => command.id)
  const argv = options.argv ?? []
  const found = explainNotFound(id.startsWith('-') ? [id, ...argv] : id.split(':'), visible, config.bin)
  const topic = id.split(':')[0]
  const help = config.findTopic(topic) ? `${config.bin} help ${topic}` : `${config.bin} help`
  const report = {
    exitCode: ExitCode.usage,
    code: found.code,
    message: found.message,
    suggestions: [`run "${help}" for the list of commands`],
    ...(found.suggestion ? {data: {suggestion: found.suggestion}} : {}),
  }
  const json = argv.includes('--json') || id === '--json' || process.argv.includes('--json')
  process.stderr.write(`${json ? jsonTerminalSafe(errorJson(report)) : terminalSafe(formatErrorLine(report))}\n`)
  throw new Errors.ExitError(ExitCode.usage)
}

export default hook
