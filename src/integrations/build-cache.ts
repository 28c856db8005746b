import type { AstroIntegration } from 'astro'

/**
 * Builds keep Vite's dependency cache apart from the dev server's. Both used node_modules/.vite, so a build while
 * `npm start` ran rewrote the dev server's optimized dependencies, and its next page needing one of them (the editor's
 * `ky`) failed with 504 "Outdated Optimize Dep" until a restart (issue 38).
 */
export const BUILD_CACHE_DIR = 'node_modules/.vite-build'

export function buildCacheIntegration(): AstroIntegration {
  return {
    name: 'porchlight:build-cache',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'build') updateConfig({ vite: { cacheDir: BUILD_CACHE_DIR } })
      },
    },
  }
}
