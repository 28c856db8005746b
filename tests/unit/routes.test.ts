import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readScope } from '../../src/lib/routing/build-scope.ts'
import { LOCALES, appPath, cityPath, coordPath, readPlacePath } from '../../src/lib/routing/routes.ts'
import { sitePages } from '../../src/lib/routing/page-list.ts'
import { localePrefix } from '../../src/lib/routing/routes.ts'

describe('paths', () => {
  it('builds canonical city paths', () => {
    expect(cityPath('en', 'wa/duvall')).toBe('/wa/duvall')
    expect(cityPath('en', 'wa/duvall', 'weather')).toBe('/wa/duvall')
    expect(cityPath('ja', 'wa/duvall', 'page')).toBe('/ja/wa/duvall/page')
    expect(cityPath('de', 'de/dover', 'roads')).toBe('/de/de/dover/roads')
  })
  it('rounds coordinates to 2 decimals', () => {
    expect(coordPath('en', 47.74232, -121.98568)).toBe('/z/47.74/-121.99')
    expect(coordPath('fr', 40, -75.5, 'cameras')).toBe('/fr/z/40/-75.5/cameras')
  })
  it('builds app paths', () => expect(appPath('zh', 'settings')).toBe('/zh/settings'))
  it('reads place paths', () => {
    expect(readPlacePath('/z/47.74/-121.99')).toEqual({ kind: 'coord', lat: '47.74', lon: '-121.99', section: 'weather' })
    expect(readPlacePath('/z/1/2/roads')).toEqual({ kind: 'coord', lat: '1', lon: '2', section: 'roads' })
    expect(readPlacePath('/WA/Duvall/local')).toEqual({ kind: 'city', route: 'wa/duvall', section: 'local' })
    expect(readPlacePath('/settings')).toBeNull()
    expect(readPlacePath('/wa/duvall/nope')).toBeNull()
    expect(readPlacePath('/z/1/2/3/4')).toBeNull()
  })
})

describe('the whole site', () => {
  const text = readFileSync('public/data/cities.txt', 'utf8')
  const all = sitePages(text, readScope({}))
  const url = (p: (typeof all)[number]) => `${localePrefix(p.locale)}/${p.kind === 'home' ? '' : p.path}`

  it('has every city section in every language', () => {
    const cityPages = all.filter((p) => p.kind === 'city')
    const routed = new Set(cityPages.map((p) => (p.kind === 'city' ? p.city.route : '')))
    expect(routed.size).toBeGreaterThan(20_000)
    expect(cityPages).toHaveLength(routed.size * 6 * LOCALES.length)
  })
  it('never gives two pages one URL (Delaware /de/… against German /de/…)', () => {
    const urls = all.map(url)
    expect(new Set(urls).size).toBe(urls.length)
    expect(urls).toContain('/de/dover')
    expect(urls).toContain('/de/de/dover')
    expect(urls).toContain('/de/wa/duvall/roads')
  })
  it('splits into shards that cover every page exactly once', () => {
    const scope = { BUILD_STATES: 'wa,de,or', BUILD_LOCALES: 'en,de' }
    const whole = sitePages(text, readScope(scope)).map(url).sort()
    const parts = [0, 1, 2].flatMap((i) => sitePages(text, readScope({ ...scope, BUILD_SHARD: `${i}/3` })).map(url))
    expect(parts.sort()).toEqual(whole)
  })
  it('narrows to the build scope', () => {
    const pages = sitePages(text, readScope({ BUILD_STATES: 'de', BUILD_LOCALES: 'es' }))
    expect(pages.every((p) => p.locale === 'es')).toBe(true)
    expect(pages.filter((p) => p.kind === 'city').every((p) => p.kind === 'city' && p.city.state === 'DE')).toBe(true)
  })
})

describe('readScope', () => {
  it('rejects bad values loudly', () => {
    expect(() => readScope({ BUILD_STATES: 'washington' })).toThrow(/BUILD_STATES/)
    expect(() => readScope({ BUILD_LOCALES: 'xx' })).toThrow(/BUILD_LOCALES/)
    expect(() => readScope({ BUILD_SHARD: '2/2' })).toThrow(/BUILD_SHARD/)
  })
  it('defaults to everything', () => {
    expect(readScope({})).toEqual({ states: null, locales: [...LOCALES], shard: { index: 0, count: 1 } })
  })
})
