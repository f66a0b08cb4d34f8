// The executables' entry (scripts/build-exe.js compiles it with Bun): the bundle's start() (dist/bundle, as the npm
// package), with package.json and the manifest compiled in, and each command a class of dist/bundle taken on first
// use (dist/exe/entry/commands.js, written by the build).
// oclif loads the help class and the hooks by path: the small modules embedded beside this
// entry (hand-off.mjs) hand it the bundle's own, kept here.
import {dirname} from 'node:path'
import {start} from '../../dist/bundle/run.js'
import {COMMANDS} from '../../dist/exe/entry/commands.js'
// Embedded as /$bunfs/root/jq.wasm, where jq-web looks for it (scripts/build-exe.js: --define=__dirname).
import jqWasm from '../../node_modules/jq-web/jq.wasm' with {type: 'file'}
import manifest from '../../oclif.manifest.json' with {type: 'json'}
import packageJson from '../../package.json' with {type: 'json'}

globalThis[Symbol.for('payctl.exe')] = {
  jqWasm,
  help: () => require('../../dist/bundle/help.js'),
  commandNotFound: () => require('../../dist/bundle/hooks/command-not-found.js'),
  runtimeName: () => require('../../dist/bundle/hooks/runtime-name.js'),
}

// oclif's root: the folder this file is embedded in (`/$bunfs/root`, `B:/~BUN/root` on Windows), with the hand-off
// modules.
const root = dirname(Bun.main)
const pjson = {
  ...packageJson,
  oclif: {
    ...packageJson.oclif,
    helpClass: './hand-off/help.js',
    // init: --version and the User-Agent name Bun, not the Node version Bun implements.
    hooks: {
      ...packageJson.oclif.hooks,
      command_not_found: './hand-off/command-not-found.js',
      init: './hand-off/runtime-name.js',
    },
  },
}
start({root, pjson, manifest, commands: COMMANDS})
