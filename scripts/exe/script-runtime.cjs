// How the single executable runs its scripts (scripts/build-exe.js makes them): `core` (oclif, the manifest, help)
// at every start, and `commands` (every command with what it imports) only when a command's class is needed, so
// that `--version` and `--help` neither copy nor deserialise the code they never run. Each script is compiled
// with V8's code cache made for it at build time, and is one function expression called with Node's `require`,
// the executable's path and the runtime (`modules`: what one script serves the other by name; `script(name)`).
// Used by the executable's main script (sea-loader.cjs, with the executable's assets) and by the build's warm-up
// (warm-up.cjs, with files, which then writes each script's cache).
const {Script} = require('node:vm')

/**
 * @param {{source: (name: string) => string, cache: (name: string) => Buffer | undefined,
 *   require: NodeRequire, filename: string}} parts
 */
function createRuntime({source, cache, require, filename}) {
  const compiled = new Map()
  const results = new Map()
  const runtime = {
    modules: new Map(),
    /** Runs the script `name` once and returns what it returns. */
    script(name) {
      if (!results.has(name)) {
        const script = new Script(source(name), {filename: `payctl-${name}.js`, cachedData: cache(name)})
        if (process.env.PAYCTL_EXE_DEBUG) {
          const verdict = script.cachedDataRejected === false ? 'accepted' : 'rejected or missing'
          process.stderr.write(`payctl: script ${name}, code cache ${verdict}\n`)
        }
        compiled.set(name, script)
        results.set(name, script.runInThisContext()(require, filename, runtime))
      }
      return results.get(name)
    },
    /** The scripts run so far, by name (the warm-up writes their caches). */
    compiled,
  }
  return runtime
}

module.exports = {createRuntime}
