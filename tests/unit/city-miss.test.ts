import { describe, expect, it } from 'vitest'
import type { City } from '../../src/lib/cities.ts'
import { closestCities, editDistance, hasState, readCityMiss } from '../../src/lib/routing/city-miss.ts'

const city = (name: string, state: string, population: number, route: string | null): City => ({
  name,
  lat: 47,
  lon: -122,
  country: 'US',
  state,
  timezone: 'America/Los_Angeles',
  population,
  route,
})
const cities = [
  city('Duvall', 'WA', 8000, 'wa/duvall'),
  city('Seattle', 'WA', 750000, 'wa/seattle'),
  city('Carnation', 'WA', 2000, 'wa/carnation'),
  city('North Bend', 'WA', 7000, 'wa/north-bend'),
  city('Dover', 'DE', 39000, 'de/dover'),
  city('Duvall', 'WA', 10, null),
]

describe('readCityMiss', () => {
  it.each([
    ['/wa/nowhereville', { state: 'wa', slug: 'nowhereville', section: 'weather' }],
    ['/WA/Duvalle/cameras', { state: 'wa', slug: 'duvalle', section: 'cameras' }],
    ['/wa/north-bendd/', { state: 'wa', slug: 'north-bendd', section: 'weather' }],
  ])('%s is a city path', (path, expected) => expect(readCityMiss(path)).toEqual(expected))
  it.each([
    '/wa',
    '/wa/duvall/nothing',
    '/z/47/-122',
    '/wa/<script>',
    '/wash/duvall',
    '//evil.example/x',
    `/wa/${'a'.repeat(90)}`,
  ])('%s is not', (path) => expect(readCityMiss(path)).toBeNull())
})

describe('closestCities', () => {
  it('puts prefixes and near spellings of the state’s routed cities first', () => {
    expect(closestCities(cities, 'wa', 'duval').map((c) => c.route)).toEqual([
      'wa/duvall',
      'wa/seattle',
      'wa/carnation',
      'wa/north-bend',
    ])
    expect(closestCities(cities, 'wa', 'north-bendd', 2).map((c) => c.route)[0]).toBe('wa/north-bend')
    expect(closestCities(cities, 'wa', 'seatle', 1).map((c) => c.route)).toEqual(['wa/seattle'])
    expect(closestCities(cities, 'wa', 'nowhereville', 1)).toHaveLength(1)
  })
  it('never lists another state or an unrouted place', () => {
    expect(closestCities(cities, 'de', 'duvall').map((c) => c.route)).toEqual(['de/dover'])
    expect(closestCities(cities, 'zz', 'duvall')).toEqual([])
  })
  it('knows the states of the list', () => {
    expect(hasState(cities, 'wa')).toBe(true)
    expect(hasState(cities, 'xx')).toBe(false)
  })
  it('measures edit distance', () => {
    expect(editDistance('duvall', 'duvall')).toBe(0)
    expect(editDistance('duval', 'duvall')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
  })
})
