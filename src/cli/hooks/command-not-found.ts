import * as Errors from '@oclif/core/errors'
import type {Hook} from '@oclif/core/interfaces'
import {errorJson, formatErrorLine} from '../../services/errors/error-report.js'
import {closestName} from '../../shared/edit-distance.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {jsonTerminalSafe, terminalSafe} from '../../shared/terminal-safe.js'
import type {TopicFlag} from '../entry/argv-order.js'
import {fold, terminalColumns} from '../output/fold.js'

/** Names people type from other tools, and what payctl calls them. */
export const ALIASES: Readonly<Record<string, string>> = {
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
    const command = commandAmong(words, ids)
    const example = command ? `${bin} ${command.join(' ')}` : `${bin} COMMAND ${words.join(' ')}`
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

/**
 * `words` with the longest command whose words they hold in order put first, the other words after it in their
 * order (`--limit 5 -o csv payouts list`: `payouts list --limit 5 -o csv`), or undefined.
 */
function commandAmong(words: string[], ids: readonly string[]): string[] | undefined {
  let best: {id: string[]; at: number[]} | undefined
  for (const id of ids) {
    const parts = id.split(':')
    const at: number[] = []
    for (let i = 0; i < words.length && at.length < parts.length; i++) if (words[i] === parts[at.length]) at.push(i)
    if (at.length === parts.length && parts.length > (best?.id.length ?? 0)) best = {id: parts, at}
  }
  if (!best) return undefined
  const taken = new Set(best.at)
  return [...best.id, ...words.filter((_, i) => !taken.has(i))]
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
 * A flag typed where a topic's command belongs (`payouts --limit 1`, `payouts --bogus list`): payctl does not show
 * the topic's help as if all went well.
 */
export function explainTopicFlag(found: TopicFlag, bin: string): NotFound {
  const topic = spaced(found.topic)
  if (found.command)
    return {
      code: 'USAGE',
      message: `"${found.flag}" is not a flag of "${bin} ${spaced(found.command)}"`,
      suggestion: spaced(found.command),
    }
  return {
    code: 'USAGE',
    message: `"${found.flag}" stands where a command of "${bin} ${topic}" belongs; name the command first: "${bin} ${topic} COMMAND ${found.flag}"`,
  }
}

/** One line (one JSON object under --json) on stderr with the suggestion of where to read on; the exit code is 2. */
export function writeUsage(found: NotFound, json: boolean, readOn: string): void {
  const report = {
    exitCode: ExitCode.usage,
    code: found.code,
    message: found.message,
    suggestions: [readOn],
    ...(found.suggestion ? {data: {suggestion: found.suggestion}} : {}),
  }
  const line = json
    ? jsonTerminalSafe(errorJson(report))
    : fold(terminalSafe(formatErrorLine(report)), terminalColumns(process.stderr))
  process.stderr.write(`${line}\n`)
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
  const json = argv.includes('--json') || id === '--json' || process.argv.includes('--json')
  writeUsage(found, json, `run "${help}" for the list of commands`)
  throw new Errors.ExitError(ExitCode.usage)
}

export default hook
