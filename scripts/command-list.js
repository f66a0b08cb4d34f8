// The CLI's commands, for both bundles (scripts/bundle.js, scripts/build-exe.js): every file under src/commands
// (oclif's "explicit" strategy, generated: a new command file needs no registration) and oclif's plugin commands.
import {readdirSync} from 'node:fs'
import {join, relative, sep} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const commandsDir = join(root, 'src', 'commands')

/** `src/commands/payouts/list.ts` -> `payouts:list` (an `index.ts` names its folder), as oclif's pattern does. */
export function commandIds(dir = commandsDir) {
  const files = readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter(entry => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map(entry => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
  return files.map(file => {
    const parts = file.slice(0, -'.ts'.length).split(sep)
    if (parts.at(-1) === 'index') parts.pop()
    return {id: parts.join(':'), file: `./commands/${file.split(sep).join('/')}`}
  })
}

// oclif's plugins, bundled like the CLI's own commands instead of being looked up as plugins at every start, each
// wrapped to add --schema: the help command is @oclif/plugin-help's with --llms and --schema
// (src/cli/help/help-command.ts); the autocomplete commands are @oclif/plugin-autocomplete's with --schema
// (src/cli/autocomplete/).
export const pluginCommands = () => [
  {id: 'help', file: './cli/help/help-command.ts'},
  {id: 'autocomplete', file: './cli/autocomplete/autocomplete-command.ts'},
  {id: 'autocomplete:create', file: './cli/autocomplete/autocomplete-create-command.ts'},
  {id: 'autocomplete:script', file: './cli/autocomplete/autocomplete-script-command.ts'},
]

/** Every command: its id and the absolute path of its module. */
export function commandEntries() {
  return [...commandIds(), ...pluginCommands()].map(({id, file}) => ({
    id,
    path: join(root, 'src', file.slice(2)),
  }))
}
