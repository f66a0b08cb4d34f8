import type {Config} from '@oclif/core/config'
import {type CommandSpec, commandWords, type FlagSpec, isGlobalFlag, isIntegerFlag} from './command-spec.js'
import {RERUN} from './rerun.js'

const render = (text: string, bin: string, id: string) =>
  text.replaceAll('<%= config.bin %>', bin).replaceAll('<%= command.id %>', commandWords(id))

const boundsOf = ({min, max}: FlagSpec) =>
  min !== undefined && max !== undefined ? `${min} to ${max}` : min !== undefined ? `at least ${min}` : `at most ${max}`

function flagLine(flag: FlagSpec): string {
  const name = `${flag.char ? `-${flag.char}, ` : ''}--${flag.name}${flag.allowNo ? ` / --no-${flag.name}` : ''}`
  const integer = isIntegerFlag(flag)
  const value = flag.type === 'boolean' ? '' : ` <${flag.options?.join('|') ?? (integer ? 'integer' : 'value')}>`
  const notes = [
    flag.required ? 'required' : '',
    integer ? boundsOf(flag) : '',
    flag.multiple ? 'repeatable' : '',
    flag.default === undefined || flag.default === false ? '' : `default: ${String(flag.default)}`,
  ].filter(Boolean)
  return `- \`${name}${value}\`${notes.length ? ` (${notes.join(', ')})` : ''}: ${flag.summary ?? flag.description ?? ''}`
}

function usage(bin: string, command: CommandSpec): string {
  const args = Object.values(command.args).map(arg => {
    const name = `${arg.name.toUpperCase()}${command.strict === false ? '...' : ''}`
    return arg.required ? name : `[${name}]`
  })
  return [bin, commandWords(command.id), ...args, '[flags]'].join(' ')
}

function section(bin: string, command: CommandSpec): string {
  const flags = Object.values(command.flags).filter(flag => !flag.hidden && !isGlobalFlag(flag))
  const examples = (command.examples ?? []).map(example => (typeof example === 'string' ? example : example.command))
  const rerun = RERUN[commandWords(command.id)]
  return [
    `## ${bin} ${commandWords(command.id)}`,
    render(command.summary ?? '', bin, command.id),
    command.description ? render(command.description, bin, command.id) : '',
    `Usage: \`${usage(bin, command)}\``,
    Object.values(command.args).length
      ? `Arguments:\n${Object.values(command.args)
          .map(arg => `- \`${arg.name.toUpperCase()}\`${arg.required ? ' (required)' : ''}: ${arg.description ?? ''}`)
          .join('\n')}`
      : '',
    flags.length ? `Flags:\n${flags.map(flagLine).join('\n')}` : '',
    examples.length ? `Examples:\n\`\`\`sh\n${examples.map(e => render(e, bin, command.id)).join('\n')}\n\`\`\`` : '',
    rerun ? `Re-run: ${rerun}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

/**
 * `payctl help --llms`: every command's summary, description, usage, arguments, flags, examples and re-run note
 * as one Markdown document, generated from the manifest (the same definitions oclif parses with).
 */
export function llmsReference(config: Config): string {
  const bin = config.bin
  const commands: CommandSpec[] = config.commands
    .filter(command => !command.hidden)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
  const globals = Object.values(commands.find(command => command.id === 'payouts:list')?.flags ?? {}).filter(
    isGlobalFlag,
  )
  return `${[
    `# ${bin} ${config.version}: command reference`,
    config.pjson.oclif.description ?? config.pjson.description ?? '',
    globals.length
      ? `## Global flags (every command except help and autocomplete)\n\n${globals.map(flagLine).join('\n')}`
      : '',
    ...commands.map(command => section(bin, command)),
  ]
    .filter(Boolean)
    .join('\n\n')}\n`
}
