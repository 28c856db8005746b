import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { dictionaryParts } from './src/i18n/parts-plugin.ts'

/**
 * Two sets (tests/README.md): the tests that need nothing built, and with TEST_BUILT=1 the ones
 * over the test build in .build/test-dist (`npm run test:built`, after `npm run test:build`).
 */
const built = process.env['TEST_BUILT'] === '1'

export default defineConfig({
  plugins: [dictionaryParts()],
  test: {
    include: built
      ? ['tests/built/**/*.test.ts']
      : [
          'tests/unit/**/*.test.ts',
          'tests/api/**/*.test.ts',
          'tests/serve/**/*.test.ts',
          'tests/deploy/**/*.test.ts',
          'tests/fuzz/**/*.test.ts',
        ],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Most files wait on
    // databases, servers and timers as much as they compute, so every core gets a worker. Each file
    // still runs in its own process (isolation stays on: several files stub globals).
    maxWorkers: Math.max(2, availableParallelism()),
    // A few tests walk all ~750,000 page URLs of the real city file.
    testTimeout: 30_000,
  },
})
