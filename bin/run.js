#!/usr/bin/env node
import module from 'node:module'
import v8 from 'node:v8'

// Node >= 22.1 caches compiled code between runs (faster start-up); a no-op on Node 20.
module.enableCompileCache?.()
// Node 20 also optimises undici's WebAssembly HTTP parser in the background on first use, which costs a short
// command about 30 MiB of memory and nothing it would notice in speed; newer Nodes tier up lazily.
if (process.versions.node.startsWith('20.')) v8.setFlagsFromString('--liftoff-only')

// DEBUG=oclif:perf prints oclif's start-up breakdown (config, plugins, command load and run times).
if (process.env.DEBUG?.includes('oclif:perf')) globalThis.oclif = {...globalThis.oclif, performanceEnabled: true}

// An API command needs the client (zod, undici); loading it while oclif waits on its own file reads overlaps
// the two. Help and version output never load it.
const argv = process.argv.slice(2)
if (argv.length > 0 && !argv.some(arg => ['--help', '-h', '--version', '-v', 'help'].includes(arg))) {
  import('../dist/bundle/client.js').catch(() => {})
}

const {execute} = await import('../dist/bundle/run.js')
await execute({dir: import.meta.url})
