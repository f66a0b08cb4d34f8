#!/usr/bin/env node
import module from 'node:module'

// Node >= 22.1 caches compiled code between runs (faster start-up); a no-op on Node 20.
module.enableCompileCache?.()

const {execute} = await import('@oclif/core/execute')
await execute({dir: import.meta.url})
