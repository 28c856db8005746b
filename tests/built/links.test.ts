// Canonical and hreflang links of the test build (no SITE_URL): from the root, so they hold on whatever origin
// serves the build (they named http://localhost:4321 wherever it was served; issue 38).
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const built = '.build/test-dist'
const pages: [string, string][] = [
  // Astro's own page and one filled in from a shell (scripts/lib/fill-pages.ts).
  ['wa/duvall/statuses.html', '/wa/duvall/statuses'],
  ['es/de/dover/roads.html', '/de/dover/roads'],
]

describe('links of a build without SITE_URL', () => {
  it.each(pages)('%s links its languages from the root', (file, path) => {
    const path_ = `${built}/${file}`
    if (!existsSync(path_)) throw new Error(`${path_} is missing: run npm run test:build first`)
    const html = readFileSync(path_, 'utf8')
    expect(html).not.toContain('localhost:4321')
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
    expect(canonical).toBe(file.startsWith('es/') ? `/es${path}` : path)
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])
    expect(alternates).toContainEqual(['ja', `/ja${path}`])
    expect(alternates).toContainEqual(['x-default', path])
  })
})
