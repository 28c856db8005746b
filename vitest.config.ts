import { defineConfig } from 'vitest/config'
import { dictionaryParts } from './src/i18n/parts-plugin.ts'

export default defineConfig({
  plugins: [dictionaryParts()],
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/serve/**/*.test.ts',
      'tests/deploy/**/*.test.ts',
      'tests/fuzz/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // A few tests walk all ~750,000 page URLs of the real city file.
    testTimeout: 30_000,
  },
})
