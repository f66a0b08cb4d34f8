// esbuild plugin: the virtual module `payctl-exe:commands`, payctl's and its oclif plugins' commands by id, as
// getters that require() each command's module when oclif asks for it (esbuild evaluates a require()d module on
// first use), so a call evaluates its own command only.
import {commandEntries} from '../command-list.js'

export const commandModules = {
  name: 'payctl-exe-commands',
  setup(builder) {
    builder.onResolve({filter: /^payctl-exe:commands$/}, args => ({path: args.path, namespace: 'payctl-exe'}))
    builder.onLoad({filter: /.*/, namespace: 'payctl-exe'}, () => {
      const getters = commandEntries().map(
        ({id, path}) => `  get ${JSON.stringify(id)}() {\n    return require(${JSON.stringify(path)}).default\n  },`,
      )
      return {contents: `export const COMMANDS = {\n${getters.join('\n')}\n}\n`, loader: 'js', resolveDir: '/'}
    })
  },
}
