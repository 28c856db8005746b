// The test build's city file (BUILD_CITIES=tests/fixtures/cities.txt, tests/README.md) and the variable that picks it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CITIES_FILE, citiesFile, readScope } from '../../src/lib/routing/build-scope.ts'
import { parseCities } from '../../src/lib/cities.ts'
import { sitePages } from '../../src/lib/routing/page-list.ts'

const FIXTURE = 'tests/fixtures/cities.txt'
const text = readFileSync(FIXTURE, 'utf8')
const cities = parseCities(text)

describe('citiesFile', () => {
  it('reads BUILD_CITIES, else the real file', () => {
    expect(citiesFile({ BUILD_CITIES: FIXTURE })).toBe(FIXTURE)
    expect(citiesFile({ BUILD_CITIES: ' ' })).toBe(CITIES_FILE)
    expect(citiesFile({})).toBe('public/data/cities.txt')
  })
})

describe(FIXTURE, () => {
  it('holds about 30 places, each a line of the real file', () => {
    expect(cities.length).toBeGreaterThanOrEqual(25)
    expect(cities.length).toBeLessThanOrEqual(40)
    const real = new Set(readFileSync(CITIES_FILE, 'utf8').split('\n'))
    const lines = text.split('\n').filter((line) => line && !line.startsWith('#'))
    expect(lines.filter((line) => !real.has(line))).toEqual([])
  })
  it('has Duvall and Dover (Delaware beside the German /de/ pages)', () => {
    expect(cities.find((c) => c.route === 'wa/duvall')).toMatchObject({ lat: 47.74232, lon: -121.98568 })
    expect(cities.find((c) => c.route === 'de/dover')?.name).toBe('Dover')
  })
  it('has a slug collision: the smaller Fairwood, WA has no route', () => {
    const fairwoods = cities.filter((c) => c.name === 'Fairwood' && c.state === 'WA')
    expect(fairwoods.map((c) => c.route).sort()).toEqual(['wa/fairwood', null].sort())
    expect(fairwoods.find((c) => c.route === null)?.lat).toBe(47.76684)
  })
  it.each([
    ["Coeur d'Alene", 'id/coeur-dalene'],
    ['Cañon City', 'co/canon-city'],
    ['St. Louis', 'mo/st-louis'],
    ["O'Fallon", 'mo/ofallon'],
    ['Kapa‘a', 'hi/kapaa'],
    ["Town 'n' Country", 'fl/town-n-country'],
    ['Española', 'nm/espanola'],
    ['Sedro-Woolley', 'wa/sedro-woolley'],
    ['Union Hill-Novelty Hill', 'wa/union-hill-novelty-hill'],
  ])('has the awkward slug %s → %s', (name, route) => {
    expect(cities.find((c) => c.name === name)?.route).toBe(route)
  })
  it('gives the test build every page the end-to-end tests open, in under 1,000 pages', () => {
    const pages = sitePages(text, readScope({ BUILD_LOCALES: 'en,es,de,ja' }))
    const paths = new Set(pages.map((p) => `${p.locale}:${p.path}`))
    for (const path of ['wa/duvall', 'wa/carnation', 'wa/seattle/roads', 'wa/yakima/statuses', 'wa/redmond/cameras'])
      expect(paths, path).toContain(`en:${path}`)
    expect(paths).toContain('de:de/dover')
    expect(pages.length).toBeLessThan(1000)
  })
})
