// `npm start`: which paths get the site's 404 page instead of Astro's.
import { describe, expect, it } from 'vitest'
import { devNotFoundIntegration } from '../../src/integrations/dev-not-found.ts'
import { devMissPage, ownPagePaths } from '../../src/lib/routing/dev-miss.ts'

const known = new Set(['/', '/wa/duvall', '/wa/duvall/statuses', '/es', '/es/wa/duvall', '/404', '/es/404', '/z/shell/weather'])

describe('devMissPage', () => {
  it.each([
    ['/wa/duvall', null],
    ['/wa/duvall/', null],
    ['/', null],
    ['/es/wa/duvall', null],
    ['/z/shell/weather', null],
    ['/wa/nowhere', '/404.html'],
    ['/WA/Duvall', '/404.html'],
    ['/es/wa/nowhere', '/es/404.html'],
    ['/ja', '/ja/404.html'],
    ['/estonia/x', '/404.html'],
    ['/@vite/client', null],
    ['/_astro/page.js', null],
    ['/src/scripts/layout.ts', null],
    ['/node_modules/.vite/deps/react.js', null],
    ['/data/cities.txt', null],
    ['/favicon.svg', null],
  ])('%s → %s', (path, page) => {
    expect(devMissPage(path, known)).toBe(page)
  })
})

describe('ownPagePaths', () => {
  it('keeps the pages of their own files, localized ones once per language, and leaves dynamic routes to the build', () => {
    const paths = ownPagePaths([
      { type: 'page', pathname: '/widget', pattern: '/widget' },
      { type: 'page', pathname: '/embed/statuses', pattern: '/embed/statuses' },
      { type: 'page', pattern: '/[locale]/coverage' },
      { type: 'page', pattern: '/[...path]' },
      { type: 'endpoint', pathname: '/robots.txt', pattern: '/robots.txt' },
    ])
    expect(paths).toEqual([
      '/widget',
      '/embed/statuses',
      '/es/coverage',
      '/fr/coverage',
      '/de/coverage',
      '/ja/coverage',
      '/zh/coverage',
    ])
  })
})

describe('the dev server middleware', () => {
  type Middleware = (req: { method: string; url: string }, res: unknown, next: () => void) => void
  /** The path the dev server's middleware hands on for a GET of `path`. */
  function servedAs(path: string): string {
    let middleware: Middleware | undefined
    const server = { middlewares: { use: (fn: Middleware) => (middleware = fn) } }
    const setup = devNotFoundIntegration().hooks['astro:server:setup'] as unknown as (options: { server: unknown }) => void
    setup({ server })
    const req = { method: 'GET', url: path }
    middleware?.(req, {}, () => undefined)
    return req.url
  }
  it('serves the widget script and the Web Push worker from their sources (issue 38)', () => {
    expect(servedAs('/embed/widget.js')).toBe('/src/scripts/embed.ts')
    expect(servedAs('/sw.js?v=1')).toBe('/src/sw/push.ts')
  })
})
