// esbuild plugin, two virtual modules for scripts/exe/sea-main.js:
// - `payctl-exe:commands`: payctl's and its oclif plugins' commands by id, as getters that require() each
//   command's module when oclif asks for it (esbuild evaluates a require()d module on first use), so a call
//   evaluates its own command only;
// - `payctl-exe:manifest`: oclif.manifest.json, parsed with JSON.parse at start-up (a quarter of a megabyte as
//   one object literal takes V8 longer to build).
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {commandEntries} from '../command-list.js'

const manifestFile = fileURLToPath(new URL('../../oclif.manifest.json', import.meta.url))

export const commandModules = {
  name: 'payctl-exe-commands',
  setup(builder) {
    builder.onResolve({filter: /^payctl-exe:(commands|manifest)$/}, args => ({
      path: args.path,
      namespace: 'payctl-exe',
    }))
    builder.onLoad({filter: /^payctl-exe:manifest$/, namespace: 'payctl-exe'}, () => ({
      contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(manifestFile, 'utf8'))))})\n`,
      loader: 'js',
    }))
    builder.onLoad({filter: /^payctl-exe:commands$/, namespace: 'payctl-exe'}, () => {
      const getters = commandEntries().map(
        ({id, path}) => `  get ${JSON.stringify(id)}() {\n    return require(${JSON.stringify(path)}).default\n  },`,
      )
      return {contents: `export const COMMANDS = {\n${getters.join('\n')}\n}\n`, loader: 'js', resolveDir: '/'}
    })
  },
}
