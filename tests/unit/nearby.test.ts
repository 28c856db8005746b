import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseCities } from '../../src/lib/cities.ts'
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
