import {defineConfig} from 'vitest/config'
import base from './vitest.config.js'

/**
 * The generators' check (`.ci/run`, after scripts/generate-clients.js): its files end in `.ci.ts`, so `npm test`
 * (test/vitest.config.ts, `*.test.ts`) never runs them, and this config runs nothing else.
 */
export default defineConfig({...base, test: {...base.test, include: ['test/generators/**/*.ci.ts']}})
