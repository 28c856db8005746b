// `npm start`: which paths get the site's 404 page instead of Astro's.
import { describe, expect, it } from 'vitest'
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
