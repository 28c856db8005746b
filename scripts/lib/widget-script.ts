// Writes the embeddable widget's script, dist/embed/widget.js (docs/embedding.md): src/scripts/embed.ts
// bundled alone with esbuild. Through Astro's bundle it would share the site's chunks (the layout
// script's 15 KB "core" among them), twice its whole size; alone it is about 3.5 KB gzip.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { loadEnv } from 'vite'

/** The widget's address under the site: src/pages/embed/statuses.astro loads it. */
export const WIDGET_SCRIPT = 'embed/widget.js'

/** Bundles the widget's script into `dist`, with the build's PUBLIC_API_URL; returns its bytes. */
export async function writeWidgetScript(dist: string): Promise<number> {
  const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env }
  // The one variable the widget reads (src/lib/public-env.ts apiBase).
  const pub = env['PUBLIC_API_URL'] ? { PUBLIC_API_URL: env['PUBLIC_API_URL'] } : {}
  mkdirSync(join(dist, 'embed'), { recursive: true })
  const result = await build({
    entryPoints: [resolve('src/scripts/embed.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: true,
    metafile: true,
    outfile: join(dist, WIDGET_SCRIPT),
    logLevel: 'warning',
    define: { 'import.meta.env': JSON.stringify(pub) },
  })
  return Object.values(result.metafile.outputs).reduce((total, output) => total + output.bytes, 0)
}
