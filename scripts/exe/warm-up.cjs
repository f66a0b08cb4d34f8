// Build step of scripts/build-exe.js, run by the Node the executable is made of: runs the executable's scripts as
// it will (scripts/cli/script-runtime.cjs), with the commands given as JSON arguments, in this one process, then
// writes V8's code cache of each script that ran, which then holds every function those commands compiled.
// Usage: node warm-up.cjs DIR '["--version"]' '["payouts","list","--json"]' ...  (DIR holds NAME.js; NAME.cache
// is written beside it)
const {existsSync, readFileSync, writeFileSync} = require('node:fs')
const {dirname, join} = require('node:path')
const {createRuntime} = require('../cli/script-runtime.cjs')

const [dir, ...commands] = process.argv.slice(2)
const runtime = createRuntime({
  source: name => readFileSync(join(dir, `${name}.js`), 'latin1'),
  cache: () => undefined,
  require,
  filename: process.execPath,
  root: dirname(process.execPath),
})

async function warmUp() {
  for (const command of commands) {
    await runtime.script('core')(JSON.parse(command), runtime.root)
    process.exitCode = undefined
  }
  for (const [name, script] of runtime.compiled) writeFileSync(join(dir, `${name}.cache`), script.createCachedData())
  for (const name of ['core', 'commands']) {
    if (!existsSync(join(dir, `${name}.cache`))) throw new Error(`the warm-up never ran the ${name} script`)
  }
}

warmUp().catch(error => {
  process.stderr.write(`${error.stack}\n`)
  process.exit(1)
})
