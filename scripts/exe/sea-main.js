// The CLI inside the single executable: scripts/build-exe.js bundles this file with everything it imports into
// the `core` script (script-runtime.cjs runs it; the commands are in the `commands` script, see
// command-modules.js). oclif runs as in bin/run.js, with its root plugin, help class and hook taken from the
// bundle: a single executable's `require` loads only Node's own modules, and there are no files beside it to read.
import {dirname, join} from 'node:path'
import {COMMANDS} from 'payctl-exe:commands'
import manifest from 'payctl-exe:manifest'
import {SHARED} from 'payctl-exe:shared'
import {execute} from '@oclif/core/execute'
import packageJson from '../../package.json' with {type: 'json'}
import {memoryPlugin} from './memory-plugin.js'

/** Runs payctl with `argv`; resolves when oclif is done (the exit code is then in process.exitCode). */
function main(argv) {
  const root = dirname(process.execPath)

  // The help class and hooks by the paths oclif's module loader asks the bundle's `require` for (scripts/build-exe.js
  // wraps the bundle so that it looks here first). `.cjs`: the loader then require()s them instead of import()ing.
  const lazyModules = {
    helpClass: ['./payctl-help.cjs', () => require('../../src/cli/help/help.ts')],
    commandNotFound: ['./payctl-command-not-found.cjs', () => require('../../src/cli/hooks/command-not-found.ts')],
  }
  for (const [target, load] of Object.values(lazyModules)) __seaModules.set(join(root, target), load)
  for (const [id, load] of Object.entries(SHARED)) __seaModules.set(id, load)
  const pjson = {
    ...packageJson,
    oclif: {
      ...packageJson.oclif,
      helpClass: lazyModules.helpClass[0],
      hooks: {...packageJson.oclif.hooks, command_not_found: lazyModules.commandNotFound[0]},
    },
  }

  const plugin = memoryPlugin({root, pjson, manifest, commands: COMMANDS})
  return execute({args: argv, loadOptions: {root, pjson, plugins: new Map([[plugin.name, plugin]])}})
}

__seaMain = main
