// The single executable's main script: runs the CLI's bundle (the `cli.js` asset) with V8's code cache for it
// (the `cli.cache` asset), made at build time after running the commands of scripts/exe/warm-up.cjs, so that
// the functions those commands call start compiled. Node's own `useCodeCache` caches only the top-level code.
const {getRawAsset} = require('node:sea')
const {Script} = require('node:vm')

// The bundle is ASCII (scripts/build-exe.js): read as Latin-1, it needs no UTF-8 decoding.
const script = new Script(Buffer.from(getRawAsset('cli.js')).toString('latin1'), {
  filename: 'payctl-cli.js',
  cachedData: Buffer.from(getRawAsset('cli.cache')),
})
if (script.cachedDataRejected && process.env.PAYCTL_EXE_DEBUG) process.stderr.write('payctl: code cache rejected\n')
script.runInThisContext()(require, __filename)(process.argv.slice(2))
