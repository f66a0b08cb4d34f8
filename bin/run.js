#!/usr/bin/env node
import {createRequire} from 'node:module'

const require = createRequire(import.meta.url)
// Node's own compile cache (Node >= 22.1; a documented API that keeps V8's code for the bundle's files in Node's
// cache folder, which Node manages). Node 20 has no such API and runs without it.
require('node:module').enableCompileCache?.()
// Node 20 also optimises undici's WebAssembly HTTP parser in the background on first use, which costs a short
// command about 30 MiB of memory and nothing it would notice in speed; newer Nodes tier up lazily.
if (process.versions.node.startsWith('20.')) require('node:v8').setFlagsFromString('--liftoff-only')

// DEBUG=oclif:perf prints oclif's start-up breakdown (config, plugins, command load and run times).
if (process.env.DEBUG?.includes('oclif:perf')) globalThis.oclif = {...globalThis.oclif, performanceEnabled: true}

const {execute} = await import('../dist/bundle/run.js')
await execute({dir: import.meta.url})
