// `npm run openapi` (and a step of `npm run build`): writes docs/openapi.json, the OpenAPI document made from
// src/contract (openapi-document.ts), the same bytes the emulator serves at GET /api/openapi.json.
// `--print` writes it to stdout instead (the freshness test compares the two).
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const target = `${root}docs/openapi.json`

const {outputFiles} = await build({
  entryPoints: [`${root}src/contract/openapi-document.ts`],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'error',
})
const code = Buffer.from(outputFiles[0].contents).toString('base64')
const {openApiText} = await import(`data:text/javascript;base64,${code}`)
const text = openApiText()

if (process.argv.includes('--print')) process.stdout.write(text)
else {
  writeFileSync(target, text)
  console.log(`wrote docs/openapi.json (${Object.keys(JSON.parse(text).paths).length} paths)`)
}
