// How payctl runs its two scripts (scripts/cli/build-scripts.js makes them): `core` (oclif, the manifest, help) at
// every start, and `commands` (every command with what it imports) only when a command's class is needed, so that
// `--version` and `--help` neither copy nor deserialise the code they never run. Each script is compiled with a V8
// code cache when there is one, and is one function expression called with Node's `require`, the file the scripts
// stand for and the runtime (`modules`: what one script serves the other by name; `script(name)`; `root`).
// Used by the npm package (package-loader.cjs, with dist/payctl and caches kept per user), the single executable's
// main script (scripts/exe/sea-loader.cjs, with its assets) and the executable's build (scripts/exe/warm-up.cjs).
const {Script} = require('node:vm')

/**
 * @param {{source: (name: string) => string, cache: (name: string) => Buffer | undefined, require: NodeRequire,
 *   filename: string, root: string, scriptOptions?: (name: string) => object}} parts `root`: oclif's root folder;
 *   `scriptOptions`: what else `new vm.Script` gets (its filename, how it may import()).
 */
function createRuntime({
  source,
  cache,
  require,
  filename,
  root,
  scriptOptions = name => ({filename: `payctl-${name}.js`}),
}) {
  const compiled = new Map()
  const results = new Map()
  const runtime = {
    modules: new Map(),
    root,
    /** Runs the script `name` once and returns what it returns. */
    script(name) {
      if (!results.has(name)) {
        const script = new Script(source(name), {...scriptOptions(name), cachedData: cache(name)})
        if (process.env.PAYCTL_SCRIPTS_DEBUG) {
          const verdict = script.cachedDataRejected === false ? 'accepted' : 'rejected or missing'
          process.stderr.write(`payctl: script ${name}, code cache ${verdict}\n`)
        }
        compiled.set(name, script)
        results.set(name, script.runInThisContext()(require, filename, runtime))
      }
      return results.get(name)
    },
    /** The scripts run so far, by name. */
    compiled,
  }
  return runtime
}

module.exports = {createRuntime}
