#!/usr/bin/env node
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

const require = createRequire(import.meta.url)
// Node 20 also optimises undici's WebAssembly HTTP parser in the background on first use, which costs a short
// command about 30 MiB of memory and nothing it would notice in speed; newer Nodes tier up lazily.
if (process.versions.node.startsWith('20.')) require('node:v8').setFlagsFromString('--liftoff-only')

// DEBUG=oclif:perf prints oclif's start-up breakdown (config, plugins, command load and run times).
if (process.env.DEBUG?.includes('oclif:perf')) globalThis.oclif = {...globalThis.oclif, performanceEnabled: true}

// The CLI's scripts in dist/payctl, with V8 code caches kept per user (scripts/cli/package-loader.cjs).
const {run} = require('../dist/payctl/loader.cjs')
await run(fileURLToPath(new URL('..', import.meta.url)), process.argv.slice(2))
