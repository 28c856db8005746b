import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/serve/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // A few tests walk all ~750,000 page URLs of the real city file.
    testTimeout: 30_000,
  },
})
