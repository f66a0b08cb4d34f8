// esbuild plugin: jq-web (payctl's --jq) reads its jq.wasm beside its own file with `fs.readFileSync`; in the
// single executable there is no such file, and the bytes are the executable's `jq.wasm` asset. jq-web's own
// code is bundled unchanged: only the `fs` it requires is this one, which serves that one file from the asset.
// It exports a promise (CommonJS): payctl's `await import('jq-web')` gets it through an ES module re-exporting it,
// as Node's own import() does (a CommonJS bundle's namespace for it would be a thenable).
import {fileURLToPath} from 'node:url'

const JQ_JS = fileURLToPath(import.meta.resolve('jq-web'))
export const JQ_WASM = fileURLToPath(new URL('jq.wasm', import.meta.resolve('jq-web')))

const jqFs = `const fs = require('node:fs');
module.exports = {
  ...fs,
  readFileSync(file, ...rest) {
    if (String(file).endsWith('/jq.wasm')) return Buffer.from(require('node:sea').getRawAsset('jq.wasm'));
    return fs.readFileSync(file, ...rest);
  },
};
`

export const jqWasmAsset = {
  name: 'payctl-exe-jq-wasm',
  setup(builder) {
    builder.onResolve({filter: /^fs$/}, args =>
      /[\\/]jq-web[\\/]jq\.js$/.test(args.importer) ? {path: 'jq-fs', namespace: 'payctl-exe-jq'} : undefined,
    )
    builder.onResolve({filter: /^jq-web$/}, () => ({path: 'jq-web', namespace: 'payctl-exe-jq'}))
    builder.onLoad({filter: /^jq-fs$/, namespace: 'payctl-exe-jq'}, () => ({contents: jqFs, loader: 'js'}))
    builder.onLoad({filter: /^jq-web$/, namespace: 'payctl-exe-jq'}, () => ({
      contents: `import jq from ${JSON.stringify(JQ_JS)}\nexport default jq\n`,
      loader: 'js',
      resolveDir: '/',
    }))
  },
}
