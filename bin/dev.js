#!/usr/bin/env node
// Development mode (full stack traces): runs tsc's unbundled output (dist/commands) with oclif's plugins loaded
// as plugins, instead of the bundle that bin/run.js starts. Build first with `npm run build`.
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {execute} from '@oclif/core/execute'

const root = fileURLToPath(new URL('..', import.meta.url))
const pjson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
pjson.oclif.commands = './dist/commands'
pjson.oclif.plugins = ['@oclif/plugin-help', '@oclif/plugin-autocomplete', '@oclif/plugin-not-found']
pjson.oclif.hooks = {}

await execute({development: true, loadOptions: {root, pjson, ignoreManifest: true}})
