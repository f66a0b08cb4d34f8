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
    setupFiles: ['test/helpers/setup.ts'],
    reporters: process.env.CI ? ['default'] : ['default'],
  },
})
