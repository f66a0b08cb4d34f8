#!/usr/bin/env node
// Runs the compiled commands in development mode (full stack traces); build first with `npm run build`.
import {execute} from '@oclif/core/execute'

await execute({development: true, dir: import.meta.url})
