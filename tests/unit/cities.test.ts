import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { cityByRoute, indexCities, nearestCity, parseCities, searchCities, type CityIndex } from '../../src/lib/cities.ts'
import { ROUTE_PATTERN } from '../../src/lib/routing/slug.ts'

const line = (name: string, lat: number, lon: number, state: string, population = 0, tz = 'America/Chicago') =>
  [name, lat, lon, 'US', state, tz, population].join('\t')

const sample = [
  line('Springfield', 39.8, -89.64, 'IL', 114394),
  line('Springfield', 37.21, -93.29, 'MO', 169176),
  line('Springfield', 37.3, -93.1, 'MO', 500),
  line('Spring', 30.08, -95.42, 'TX', 62559),
  line('Spring Valley', 36.11, -115.25, 'NV', 178395),
  line('West Springfield', 42.1, -72.62, 'MA', 28391),
  line('Duvall', 47.74232, -121.98568, 'WA', 7674, 'America/Los_Angeles'),
  line('Carnation', 47.64788, -121.91401, 'WA', 2158, 'America/Los_Angeles'),
  'not a city line',
  line('Broken', Number.NaN, 10, 'WA'),
  line('Nowhere', 95, 10, 'WA'),
  ['Bad State', 1, 1, 'US', 'Washington', 'America/Chicago'].join('\t'),
  '',
].join('\n')

describe('parseCities', () => {
  const cities = parseCities(sample)
  it('skips lines that are not cities', () => {
    expect(cities.map((c) => c.name)).not.toContain('Broken')
    expect(cities.map((c) => c.name)).not.toContain('Nowhere')
    expect(cities.map((c) => c.name)).not.toContain('Bad State')
    expect(cities).toHaveLength(8)
  })
  it('gives a shared slug to the most populous place of the state only', () => {
    const mo = cities.filter((c) => c.state === 'MO')
    expect(mo.find((c) => c.population === 169176)?.route).toBe('mo/springfield')
    expect(mo.find((c) => c.population === 500)?.route).toBeNull()
    expect(cities.find((c) => c.state === 'IL')?.route).toBe('il/springfield')
  })
  it('keeps the route when the larger duplicate comes second', () => {
    const [small, big] = parseCities([line('Lakeview', 1, 1, 'WA', 10), line('Lakeview', 2, 2, 'WA', 20)].join('\n'))
    expect(small?.route).toBeNull()
    expect(big?.route).toBe('wa/lakeview')
  })
  it('accepts files with only the six SPEC columns', () => {
    expect(parseCities('Duvall\t47.74232\t-121.98568\tUS\tWA\tAmerica/Los_Angeles')[0]).toMatchObject({
      route: 'wa/duvall',
      population: 0,
    })
  })
})

describe('search', () => {
  let index: CityIndex
  beforeAll(() => (index = indexCities(parseCities(sample))))

  it('needs two characters', () => {
    expect(searchCities(index, '')).toEqual([])
    expect(searchCities(index, 's')).toEqual([])
    expect(searchCities(index, ' s ')).toEqual([])
  })
  it('ranks exact, then prefix, then contains; ties by population', () => {
    const names = searchCities(index, 'spring').map((r) => r.displayName)
    expect(names).toEqual([
      'Spring, TX',
      'Spring Valley, NV',
      'Springfield, MO',
      'Springfield, IL',
      'Springfield, MO',
      'West Springfield, MA',
    ])
    expect(
      searchCities(index, 'springfield')
        .map((r) => r.displayName)
        .slice(-1),
    ).toEqual(['West Springfield, MA'])
  })
  it('gives display name and route', () => {
    expect(searchCities(index, 'DUV')[0]).toMatchObject({ displayName: 'Duvall, WA', route: 'wa/duvall' })
  })
  it('narrows by state after a comma', () => {
    expect(searchCities(index, 'springfield, il').map((r) => r.displayName)).toEqual(['Springfield, IL'])
  })
  it('limits results', () => {
    expect(searchCities(index, 'spring', 2)).toHaveLength(2)
  })
  it('finds nothing for unknown text', () => {
    expect(searchCities(index, 'zzzz')).toEqual([])
    expect(searchCities(index, '<script>')).toEqual([])
  })
})

describe('cityByRoute', () => {
  const index = indexCities(parseCities(sample))
  it('is case-insensitive', () => expect(cityByRoute(index, 'WA/Duvall')?.name).toBe('Duvall'))
  it('rejects paths that are not routes', () => {
    expect(cityByRoute(index, 'wa/duvall/roads')).toBeNull()
    expect(cityByRoute(index, 'washington/duvall')).toBeNull()
    expect(cityByRoute(index, 'wa/nowhere')).toBeNull()
    expect(cityByRoute(index, '../etc/passwd')).toBeNull()
  })
})

describe('nearestCity', () => {
  const cities = parseCities(sample)
  it('finds the closest city within 50 km', () => {
    expect(nearestCity(cities, 47.7, -121.95)?.name).toBe('Duvall')
    expect(nearestCity(cities, 47.65, -121.91)?.name).toBe('Carnation')
  })
  it('finds nothing beyond the radius', () => {
    expect(nearestCity(cities, 0, 0)).toBeNull()
    expect(nearestCity(cities, 47.74, -121.2)).toBeNull()
    expect(nearestCity(cities, 47.74, -121.2, 60)?.name).toBe('Carnation')
  })
})

describe('public/data/cities.txt', () => {
  const cities = parseCities(readFileSync('public/data/cities.txt', 'utf8'))
  it('holds every US populated place', () => {
    expect(cities.length).toBeGreaterThan(20_000)
    expect(new Set(cities.map((c) => c.state)).size).toBe(51)
  })
  it('has Duvall, WA where the SPEC says', () => {
    expect(cities.find((c) => c.route === 'wa/duvall')).toMatchObject({
      lat: 47.74232,
      lon: -121.98568,
      timezone: 'America/Los_Angeles',
    })
  })
  it('gives unique routes that match the route pattern', () => {
    const routes = cities.flatMap((c) => (c.route ? [c.route] : []))
    expect(new Set(routes).size).toBe(routes.length)
    expect(routes.every((r) => ROUTE_PATTERN.test(r))).toBe(true)
  })
  it.each([
    ['St. Louis', 'MO', 'mo/st-louis'],
    ["Coeur d'Alene", 'ID', 'id/coeur-dalene'],
    ['Cañon City', 'CO', 'co/canon-city'],
    ['La Cañada Flintridge', 'CA', 'ca/la-canada-flintridge'],
    ["O'Fallon", 'MO', 'mo/ofallon'],
    ['Winston-Salem', 'NC', 'nc/winston-salem'],
    ['Springfield', 'MO', 'mo/springfield'],
  ])('routes %s, %s to %s', (name, state, route) => {
    expect(cities.find((c) => c.name === name && c.state === state && c.route)?.route).toBe(route)
  })
})
