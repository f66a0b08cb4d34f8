// Build step of scripts/build-exe.js, run by the Node the executable is made of: compiles the CLI's bundle as the
// executable will (scripts/exe/sea-loader.cjs), runs the commands given as JSON arguments in this one process,
// then writes V8's code cache of the bundle, which then holds every function those commands compiled.
// Usage: node warm-up.cjs BUNDLE CACHE '["--version"]' '["payouts","list","--json"]' ...
const {readFileSync, writeFileSync} = require('node:fs')
const {Script} = require('node:vm')

const [bundle, cache, ...commands] = process.argv.slice(2)
const script = new Script(readFileSync(bundle, 'latin1'), {filename: 'payctl-cli.js'})
const main = script.runInThisContext()(require, process.execPath)

async function warmUp() {
  for (const command of commands) {
    await main(JSON.parse(command))
    process.exitCode = undefined
  }
  writeFileSync(cache, script.createCachedData())
}

warmUp().catch(error => {
  process.stderr.write(`${error.stack}\n`)
  process.exit(1)
})
