// oclif must only ever load compiled commands from dist (STYLE.md, "Testing oclif v4 with vitest"). oclif's
// `settings` is the object at globalThis.oclif (@oclif/core/lib/settings.js): set there, a test file that never
// loads oclif does not pay for loading it.
const withOclif = globalThis as {oclif?: {enableAutoTranspile?: boolean}}
withOclif.oclif ??= {}
withOclif.oclif.enableAutoTranspile = false

// Properties and fuzzing draw a new seed on every local run; CI replays one fixed seed so that a landing is
// never decided by chance (FUZZ_SEED replays any seed fast-check printed).
const seed = process.env.FUZZ_SEED ?? (process.env.CI ? '20261123' : undefined)
if (seed !== undefined) (await import('fast-check')).default.configureGlobal({seed: Number(seed)})
