#!/usr/bin/env node
import module from 'node:module'

// Node >= 22.1 caches compiled code between runs (faster start-up); a no-op on Node 20.
module.enableCompileCache?.()

// An API command needs the client (zod, undici); loading it while oclif waits on its own file reads overlaps
// the two. Help and version output never load it.
const argv = process.argv.slice(2)
if (argv.length > 0 && !argv.some(arg => ['--help', '-h', '--version', '-v', 'help'].includes(arg))) {
  import('../dist/bundle/client.js').catch(() => {})
}

const {execute} = await import('../dist/bundle/run.js')
await execute({dir: import.meta.url})
