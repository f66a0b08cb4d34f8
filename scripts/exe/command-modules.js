// esbuild plugin, the virtual modules of the executable's two scripts (scripts/build-exe.js):
// - `payctl-exe:commands`: payctl's and its oclif plugins' commands by id, as getters, so a call evaluates its
//   own command only. In the `commands` script each getter require()s the command's module (esbuild evaluates a
//   require()d module on first use); in `core` each one runs the `commands` script first (`__seaRuntime`, given
//   to every script by scripts/exe/script-runtime.cjs) and takes the class from it.
// - `payctl-exe:manifest` (core): oclif.manifest.json, parsed with JSON.parse at start-up (a quarter of a megabyte
//   as one object literal takes V8 longer to build).
// - `payctl-exe:shared` (core): the modules core serves the `commands` script by name, as functions that
//   require() them, so that both scripts share one oclif (the commands script leaves them external).
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {commandEntries} from '../command-list.js'

const manifestFile = fileURLToPath(new URL('../../oclif.manifest.json', import.meta.url))

/**
 * @param {{script: 'core' | 'commands', shared?: string[]}} options `shared`: the specifiers the commands script
 *   left external (core only).
 */
export function commandModules({script, shared = []}) {
  const getter = ({id, path}) =>
    script === 'core'
      ? `  get ${JSON.stringify(id)}() {\n    return __seaRuntime.script('commands')[${JSON.stringify(id)}]\n  },`
      : `  get ${JSON.stringify(id)}() {\n    return require(${JSON.stringify(path)}).default\n  },`
  const sources = {
    commands: () => `export const COMMANDS = {\n${commandEntries().map(getter).join('\n')}\n}\n`,
    manifest: () =>
      `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(manifestFile, 'utf8'))))})\n`,
    shared: () =>
      `export const SHARED = {\n${shared.map(id => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(id)}),`).join('\n')}\n}\n`,
  }
  return {
    name: 'payctl-exe-modules',
    setup(builder) {
      builder.onResolve({filter: /^payctl-exe:(commands|manifest|shared)$/}, args => ({
        path: args.path,
        namespace: 'payctl-exe',
      }))
      builder.onLoad({filter: /^payctl-exe:/, namespace: 'payctl-exe'}, args => ({
        contents: sources[args.path.slice('payctl-exe:'.length)](),
        loader: 'js',
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      }))
    },
  }
}
