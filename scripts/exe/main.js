// The executables' entry (scripts/build-exe.js compiles it with Bun): the bundle's start() (dist/bundle, as the npm
// package), with package.json, the command index and the manifest compiled in, and each command a class of
// dist/bundle taken on first use (dist/exe/entry/commands.js, written by the build).
// oclif loads the help class and the hooks by path: the small modules embedded beside this entry (hand-off/) hand
// it the bundle's own, kept here.
// Nothing of the bundle is imported statically: `--version` alone answers before any of it loads. (No top-level
// await: Bun compiles --bytecode entries as CommonJS.)
import {arch, platform, release} from 'node:os'
import {dirname} from 'node:path'
// Embedded as /$bunfs/root/jq.wasm, where jq-web looks for it (scripts/build-exe.js: --define=__dirname): a path.
import jqWasm from '../../node_modules/jq-web/jq.wasm' with {type: 'file'}
import packageJson from '../../package.json' with {type: 'json'}
import {versionLine} from '../../src/shared/runtime.ts'

/** oclif says "wsl" instead of "linux" on a Windows Subsystem for Linux kernel: there oclif answers itself. */
const mayBeWsl = () =>
  platform() === 'linux' && (release().toLowerCase().includes('microsoft') || 'WSL_DISTRO_NAME' in process.env)
const versionAlone = process.argv.length === 3 && process.argv[2] === '--version'

if (versionAlone && !mayBeWsl())
  process.stdout.write(`${versionLine({...packageJson, platform: platform(), arch: arch()})}\n`)
else run()

async function run() {
  const [{start, manifestFromIndex}, {COMMANDS}, {default: index}] = await Promise.all([
    import('../../dist/bundle/run.js'),
    import('../../dist/exe/entry/commands.js'),
    import('../../dist/bundle/command-index.json', {with: {type: 'json'}}),
  ])
  globalThis[Symbol.for('payctl.exe')] = {
    jqWasm,
    help: () => require('../../dist/bundle/help.js'),
    commandNotFound: () => require('../../dist/bundle/hooks/command-not-found.js'),
    runtimeName: () => require('../../dist/bundle/hooks/runtime-name.js'),
  }
  // oclif's root: the folder this file is embedded in (`/$bunfs/root`, `B:/~BUN/root` on Windows), with the hand-off
  // modules.
  const root = dirname(Bun.main)
  const {hooks} = packageJson.oclif
  const pjson = {
    ...packageJson,
    oclif: {
      ...packageJson.oclif,
      helpClass: './hand-off/help.js',
      hooks: {
        ...hooks,
        command_not_found: './hand-off/command-not-found.js',
        // --version where oclif answers it: the line names Bun (src/cli/hooks/runtime-name.ts).
        ...(versionAlone ? {init: './hand-off/runtime-name.js'} : {}),
      },
    },
  }
  // As the npm package: the light index at start, the whole manifest (flags, texts) the first time they are read.
  const manifest = manifestFromIndex(index, () => require('../../oclif.manifest.json'))
  await start({root, pjson, manifest, commands: COMMANDS})
}
