// The single executable's main script (bundled with scripts/cli/script-runtime.cjs by scripts/build-exe.js): runs
// the `core` script with the executable's assets, oclif's root being the executable's folder. Each script is an
// ASCII asset read as Latin-1 (no UTF-8 decoding at start-up) beside its V8 code cache.
const {getRawAsset} = require('node:sea')
const {dirname} = require('node:path')
const {createRuntime} = require('../cli/script-runtime.cjs')

const runtime = createRuntime({
  source: name => Buffer.from(getRawAsset(`${name}.js`)).toString('latin1'),
  cache: name => Buffer.from(getRawAsset(`${name}.cache`)),
  require,
  filename: __filename,
  root: dirname(process.execPath),
})
runtime.script('core')(process.argv.slice(2), runtime.root)
