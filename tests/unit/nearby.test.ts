import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseCities } from '../../src/lib/cities.ts'
import { haversineKm } from '../../src/lib/geo.ts'
import { nearbyCities } from '../../src/lib/nearby.ts'

describe('nearbyCities', () => {
  const cities = parseCities(readFileSync('public/data/cities.txt', 'utf8')).filter((c) => c.route)
  const nearby = nearbyCities(cities)
  const duvall = cities.find((c) => c.route === 'wa/duvall')!

  it('links a city to its neighbours', () => {
    const names = (nearby.get(duvall) ?? []).map((c) => c.name)
    expect(names.length).toBeGreaterThanOrEqual(5)
    expect(names).toContain('Carnation')
  })
  it('lists them nearest first, with the largest town close by', () => {
    const km = (nearby.get(duvall) ?? []).map((c) => haversineKm(duvall.lat, duvall.lon, c.lat, c.lon))
    expect(km).toEqual(km.toSorted((a, b) => a - b))
    const largest = cities
      .filter((c) => c !== duvall && haversineKm(duvall.lat, duvall.lon, c.lat, c.lon) <= 30)
      .reduce((a, b) => (b.population > a.population ? b : a))
    expect(nearby.get(duvall)).toContain(largest)
  })
  it('keeps the crawler link close too: no far place in a neighbour list, for nine cities in ten', () => {
    // The old (state, population) chain put Orting, 45 miles off, into Duvall's list; the median was 181 km.
    const farthest = cities
      .map((c) => Math.max(...(nearby.get(c) ?? []).map((o) => haversineKm(c.lat, c.lon, o.lat, o.lon))))
      .sort((a, b) => a - b)
    expect(farthest[Math.floor(farthest.length / 2)]).toBeLessThan(40)
    expect(farthest[Math.floor(farthest.length * 0.9)]).toBeLessThan(60)
  })
  it('lets a crawler starting anywhere reach every city', () => {
    const seen = new Set([duvall])
    const queue = [duvall]
    while (queue.length) {
      for (const next of nearby.get(queue.pop()!) ?? []) {
        if (seen.has(next)) continue
        seen.add(next)
        queue.push(next)
      }
    }
    expect(seen.size).toBe(cities.length)
  })
})
