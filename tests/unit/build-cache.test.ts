import { describe, expect, it } from 'vitest'
import { BUILD_CACHE_DIR, buildCacheIntegration } from '../../src/integrations/build-cache.ts'

type Setup = (options: { command: string; updateConfig: (config: unknown) => void }) => void

/** The config each command gets from the integration's setup hook. */
function configFor(command: string): unknown[] {
  const updates: unknown[] = []
  const setup = buildCacheIntegration().hooks['astro:config:setup'] as unknown as Setup
  setup({ command, updateConfig: (config) => updates.push(config) })
  return updates
}

describe('the build cache', () => {
  it('gives a build its own Vite cache, leaving the dev server its own', () => {
    expect(configFor('build')).toEqual([{ vite: { cacheDir: BUILD_CACHE_DIR } }])
    expect(BUILD_CACHE_DIR).not.toBe('node_modules/.vite')
    expect(configFor('dev')).toEqual([])
  })
})
