import {availableParallelism} from 'node:os'
import {fileURLToPath} from 'node:url'
import {defineConfig} from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    // oclif writes through console.log; vitest must not swallow it.
    disableConsoleIntercept: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most suites wait on subprocesses and servers: two workers even on a 2-core machine (vitest's default
    // there is one, which runs the files one after another).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['test/helpers/setup.ts'],
    // runCommand runs the built bundle: Node must load all of it, as bin/run.js does. Left to vitest's module
    // runner, the commands (which the bundle loads with require()) would see another copy of oclif than
    // oclif's error handler, and an exit would print as an error.
    server: {deps: {external: [/\/dist\/bundle\//]}},
  },
})
