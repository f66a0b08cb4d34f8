// `npm run openapi` (and a step of `npm run build`): writes docs/openapi.json, the OpenAPI document made from
// src/contract (openapi-document.ts), the same bytes the emulator serves at GET /api/openapi.json, and
// docs/emulator-openapi.json, the document of the emulator's control routes (control-document.ts), served at
// GET /_emulator/openapi.json. `--print` writes the first to stdout instead, `--print-control` the second (the
// freshness tests compare them).
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {loadBundled} from './bundled-module.js'

const root = fileURLToPath(new URL('..', import.meta.url))

/** A module of src/contract, bundled and loaded. */
const load = entry => loadBundled({entryPoints: [`${root}src/contract/${entry}`]})

const documents = [
  {flag: '--print', file: 'docs/openapi.json', text: async () => (await load('openapi-document.ts')).openApiText()},
  {
    flag: '--print-control',
    file: 'docs/emulator-openapi.json',
    text: async () => (await load('control-document.ts')).controlDocumentText(),
  },
]

const printed = documents.find(document => process.argv.includes(document.flag))
if (printed) process.stdout.write(await printed.text())
else
  for (const {file, text} of documents) {
    const written = await text()
    writeFileSync(`${root}${file}`, written)
    console.log(`wrote ${file} (${Object.keys(JSON.parse(written).paths).length} paths)`)
  }
