import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join, resolve} from 'node:path'
import {execute} from '@oclif/core/execute'
import {commandFirst, type FlagShape, type TopicFlag} from './argv-order.js'
import {type CommandIndex, manifestFromIndex} from './command-index.js'
import {memoryPlugin, type PluginParts} from './memory-plugin.js'

/**
 * oclif's execute() over payctl's root plugin held in memory (memory-plugin.ts). The npm package, each
 * executable and the in-process tests start here; the value is what the command's run() returned. Global flags
 * typed before the command, and flags typed between its topic and its verb, are moved after it (argv-order.ts).
 */
export async function start(parts: PluginParts, args: string[] = process.argv.slice(2)): Promise<unknown> {
  const plugin = memoryPlugin(parts)
  const manifest = parts.manifest.commands
  const flagsOf = (id: string) => (manifest[id]?.flags ?? {}) as Record<string, FlagShape>
  const ordered = commandFirst(args, Object.keys(manifest), flagsOf)
  if ('topicFlag' in ordered) return refuseTopicFlag(ordered.topicFlag, parts.pjson.oclif.bin ?? parts.pjson.name, args)
  const loadOptions = {root: parts.root, pjson: parts.pjson, plugins: new Map([[plugin.name, plugin]])}
  const asking = askingCommand(ordered.argv)
  if (!asking) return execute({args: ordered.argv, loadOptions})
  const {askMissing} = await import('../interactive/ask-missing.js')
  const asked = await askMissing(asking, ordered.argv, parts.commands[asking], loadOptions)
  if (!asked) return execute({args: ordered.argv, loadOptions})
  if ('exitCode' in asked) {
    process.exitCode = asked.exitCode
    return undefined
  }
  return execute({args: asked.argv, loadOptions: asked.config})
}

/** The creates that ask a person for the required inputs their command line left out (src/cli/interactive). */
const ASKING_COMMANDS = new Set(['payouts:create', 'counterparties:create'])

/**
 * The id of an asking create run by a person at a terminal (stdin, stdout and stderr all terminals), unless its help
 * or schema is asked for; undefined otherwise, so that every other run loads nothing more.
 */
function askingCommand(argv: readonly string[]): string | undefined {
  const id = argv.slice(0, 2).join(':')
  if (!ASKING_COMMANDS.has(id) || !process.stdin.isTTY || !process.stdout.isTTY || !process.stderr.isTTY) return
  const end = argv.indexOf('--')
  const options = end === -1 ? argv : argv.slice(0, end)
  return options.some(word => ['--help', '-h', '--schema'].includes(word)) ? undefined : id
}

/**
 * The npm package, from its root folder: package.json read there, the manifest from the bundle's command index
 * (oclif.manifest.json itself only when a command's flags or texts are needed), the commands from the bundle's
 * command index module (dist/bundle/commands.js). Both are written by `npm run build`.
 */
export function startPackage(folder: string, args: string[] = process.argv.slice(2)): Promise<unknown> {
  const root = resolve(folder)
  const read = (...path: string[]) => JSON.parse(readFileSync(join(root, ...path), 'utf8'))
  const index: CommandIndex = read('dist', 'bundle', 'command-index.json')
  const commandsModule = join(root, 'dist', 'bundle', 'commands.js')
  const {COMMANDS} = createRequire(commandsModule)(commandsModule)
  const manifest = manifestFromIndex(index, () => read('oclif.manifest.json'))
  return start({root, pjson: read('package.json'), manifest, commands: COMMANDS}, args)
}

/** A flag where a topic's command belongs: exit 2 naming it, never the topic's help. */
async function refuseTopicFlag(found: TopicFlag, bin: string, args: string[]): Promise<undefined> {
  const {explainTopicFlag, writeUsage} = await import('../hooks/command-not-found.js')
  const readOn = found.command
    ? `run "${bin} ${found.command.replaceAll(':', ' ')} --help" for its flags`
    : `run "${bin} help ${found.topic.replaceAll(':', ' ')}" for the list of commands`
  writeUsage(explainTopicFlag(found, bin), args.includes('--json'), readOn)
  process.exitCode = 2
  return undefined
}
