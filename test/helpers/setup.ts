import {settings} from '@oclif/core'
import fc from 'fast-check'

// oclif must only ever load compiled commands from dist (STYLE.md, "Testing oclif v4 with vitest").
settings.enableAutoTranspile = false

// Properties and fuzzing draw a new seed on every local run; CI replays one fixed seed so that a landing is
// never decided by chance (FUZZ_SEED replays any seed fast-check printed).
const seed = process.env.FUZZ_SEED ?? (process.env.CI ? '20261123' : undefined)
if (seed !== undefined) fc.configureGlobal({seed: Number(seed)})
