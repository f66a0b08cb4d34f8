// kubb: types, a fetch client and zod schemas from the served document (generated/openapi.json, written by
// scripts/generate-clients.js). No formatter or linter runs on the output: generation needs nothing else.
import {defineConfig} from '@kubb/core'
import {pluginClient} from '@kubb/plugin-client'
import {pluginOas} from '@kubb/plugin-oas'
import {pluginTs} from '@kubb/plugin-ts'
import {pluginZod} from '@kubb/plugin-zod'

export default defineConfig({
  root: '.',
  input: {path: './generated/openapi.json'},
  output: {path: './generated/kubb', clean: true, format: false, lint: false, extension: {'.ts': '.js'}},
  plugins: [pluginOas({generators: []}), pluginTs(), pluginZod(), pluginClient({client: 'fetch'})],
})
