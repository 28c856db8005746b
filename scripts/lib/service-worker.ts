// Writes the service worker of a built site (docs/offline.md): src/sw/sw.ts bundled with esbuild,
// then Workbox's injectManifest lists the files to precache (with their revisions) into it.
import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { injectManifest } from 'workbox-build'
import { loadEnv } from 'vite'
import { sourcesFromEnv } from '../../src/lib/security-headers.ts'

/** The radar's tile index is not weather data a page shows offline. */
const NOT_KEPT_ORIGINS = ['https://mesonet.agron.iastate.edu']

/** What every installation precaches: the offline page, the app's icons and sprites, this deploy's scripts and styles. */
export const PRECACHE_GLOBS = [
  'offline.html',
  'manifest.webmanifest',
  'favicon.svg',
  'icons.svg',
  'weather-icons.svg',
  'icons/*.png',
  '_astro/**/*.{js,css}',
]

/**
 * Writes `dist/sw.js` for the site built in `dist`; returns how many files it precaches and their bytes.
 * The weather providers it keeps answers of are the build's (PUBLIC_* env, as the CSP reads them).
 */
export async function writeServiceWorker(dist: string): Promise<{ count: number; size: number }> {
  const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env }
  const providers = sourcesFromEnv(env).connect.filter((origin) => !NOT_KEPT_ORIGINS.includes(origin))
  const work = resolve('.build', `sw-${process.pid}`)
  mkdirSync(work, { recursive: true })
  const bundled = join(work, 'sw.js')
  try {
    await build({
      entryPoints: [resolve('src/sw/sw.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      outfile: bundled,
      logLevel: 'warning',
      define: { 'process.env.NODE_ENV': '"production"', PORCHLIGHT_PROVIDERS: JSON.stringify(providers) },
    })
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: join(dist, 'sw.js'),
      globDirectory: dist,
      globPatterns: PRECACHE_GLOBS,
      // Hashed names need no revision of their own.
      dontCacheBustURLsMatching: /^_astro\//,
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    })
    for (const warning of warnings) console.log(`service worker: ${warning}`)
    return { count, size }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
