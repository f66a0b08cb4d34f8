// The CLI's `core` script (scripts/cli/build-scripts.js bundles this file with everything it imports; the commands
// are in the `commands` script, see cli-modules.js). oclif runs unchanged, with its root plugin, help class and hook
// taken from the scripts instead of files: the package's own files are not read at start-up, and a single
// executable's `require` loads only Node's own modules.
import {join} from 'node:path'
import {COMMANDS} from 'payctl:commands'
import manifest from 'payctl:manifest'
import {SHARED} from 'payctl:shared'
import {execute} from '@oclif/core/execute'
import packageJson from '../../package.json' with {type: 'json'}
import {memoryPlugin} from './memory-plugin.js'

/**
 * Runs payctl with `argv`; resolves when oclif is done (the exit code is then in process.exitCode). `root` is
 * oclif's root: the package's folder, or the executable's.
 */
function main(argv, root) {
  // The help class and hooks by the paths oclif's module loader asks the scripts' `require` for (build-scripts.js
  // wraps each script so that it looks here first). `.cjs`: the loader then require()s them instead of import()ing.
  const lazyModules = {
    helpClass: ['./payctl-help.cjs', () => require('../../src/cli/help/help.ts')],
    commandNotFound: ['./payctl-command-not-found.cjs', () => require('../../src/cli/hooks/command-not-found.ts')],
  }
  for (const [target, load] of Object.values(lazyModules)) __payctlModules.set(join(root, target), load)
  for (const [id, load] of Object.entries(SHARED)) __payctlModules.set(id, load)
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

__payctlMain = main
