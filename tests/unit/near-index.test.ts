import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { nearestCity, parseCities } from '../../src/lib/cities.ts'
import { haversineKm } from '../../src/lib/geo.ts'
import { buildNearIndex, nearCellKey, parseNearCell, type NearCell } from '../../src/lib/near-index.ts'

const cities = parseCities(readFileSync('public/data/cities.txt', 'utf8'))
const index = buildNearIndex(cities)
const lookup = (lat: number, lon: number) => {
  const cell = index.get(nearCellKey(lat, lon))
  return cell ? nearestCity(parseNearCell(JSON.parse(JSON.stringify(cell)) as NearCell), lat, lon) : null
}
const same = (a: { name: string; state: string } | null, b: { name: string; state: string } | null) =>
  expect(a && `${a.name}, ${a.state}`).toBe(b && `${b.name}, ${b.state}`)

/** A small deterministic generator, so a failure names a point that fails again. */
function random(seed: number): () => number {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
}

describe('buildNearIndex', () => {
  it('names a cell by its south-west corner', () => {
    expect(nearCellKey(47.74, -121.99)).toBe('47_-122')
    expect(nearCellKey(-0.5, 180)).toBe('-1_-180')
  })

  it('reaches every city from its own cell', () => {
    // At a city's own point the nearest place is that city, or another at the very same point.
    for (const city of cities) {
      const found = lookup(city.lat, city.lon)
      expect(found && haversineKm(found.lat, found.lon, city.lat, city.lon), `${city.name}, ${city.state}`).toBe(0)
    }
  })

  it('picks the true nearest at random points, near cell borders too', () => {
    const next = random(16)
    for (let i = 0; i < 4000; i++) {
      const city = cities[Math.floor(next() * cities.length)]!
      // Half the points within 60 km of a place, half on a cell border (where a neighbour's place may win).
      const lat = i % 2 ? city.lat + (next() - 0.5) * 1.1 : Math.round(city.lat) + (next() - 0.5) * 0.02
      const lon = i % 2 ? city.lon + (next() - 0.5) * 1.4 : city.lon + (next() - 0.5) * 1.4
      same(lookup(lat, lon), nearestCity(cities, lat, lon))
    }
  })

  it('keeps each cell small', () => {
    const sizes = [...index.values()].map((cell) => JSON.stringify(cell).length)
    expect(Math.max(...sizes)).toBeLessThan(40_000)
  })
})

describe('parseNearCell', () => {
  it('skips rows that are not places', () => {
    const data = {
      zones: ['America/Chicago'],
      places: [['A', 'TX', 30, -97, 0], ['B', 'TX', '30', -97, 0], ['C', 'TX', 30, -97, 5], 'x'],
    }
    expect(parseNearCell(data)).toEqual([{ name: 'A', state: 'TX', lat: 30, lon: -97, timezone: 'America/Chicago' }])
    expect(parseNearCell(null)).toEqual([])
    expect(parseNearCell({ zones: 'x', places: [] })).toEqual([])
  })
})
