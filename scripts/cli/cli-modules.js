// esbuild plugin, the virtual modules of the CLI's two scripts (scripts/cli/build-scripts.js):
// - `payctl:commands`: payctl's and its oclif plugins' commands by id, as getters, so a call evaluates its own
//   command only. In the `commands` script each getter require()s the command's module (esbuild evaluates a
//   require()d module on first use); in `core` each one runs the `commands` script first (`__payctlRuntime`, given
//   to every script by scripts/cli/script-runtime.cjs) and takes the class from it.
// - `payctl:manifest` (core): oclif.manifest.json, parsed with JSON.parse at start-up (a quarter of a megabyte as
//   one object literal takes V8 longer to build).
// - `payctl:shared` (core): the modules core serves the `commands` script by name, as functions that require()
//   them, so that both scripts share one oclif (the commands script leaves them external).
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {commandEntries} from '../command-list.js'

const manifestFile = fileURLToPath(new URL('../../oclif.manifest.json', import.meta.url))

/**
 * @param {{script: 'core' | 'commands', shared?: string[]}} options `shared`: the specifiers the commands script
 *   left external (core only).
 */
export function cliModules({script, shared = []}) {
  const getter = ({id, path}) =>
    script === 'core'
      ? `  get ${JSON.stringify(id)}() {\n    return __payctlRuntime.script('commands')[${JSON.stringify(id)}]\n  },`
      : `  get ${JSON.stringify(id)}() {\n    return require(${JSON.stringify(path)}).default\n  },`
  const sources = {
    commands: () => `export const COMMANDS = {\n${commandEntries().map(getter).join('\n')}\n}\n`,
    manifest: () =>
      `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(manifestFile, 'utf8'))))})\n`,
    shared: () =>
      `export const SHARED = {\n${shared.map(id => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(id)}),`).join('\n')}\n}\n`,
  }
  return {
    name: 'payctl-cli-modules',
    setup(builder) {
      builder.onResolve({filter: /^payctl:(commands|manifest|shared)$/}, args => ({
        path: args.path,
        namespace: 'payctl-cli',
      }))
      builder.onLoad({filter: /^payctl:/, namespace: 'payctl-cli'}, args => ({
        contents: sources[args.path.slice('payctl:'.length)](),
        loader: 'js',
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      }))
    },
  }
}
