import type { City } from './cities.ts'
import { haversineKm } from './geo.ts'

const CELL_DEG = 0.5
/** The largest place within this distance joins a city's list, so a town links to the real town beside it. */
const TOWN_KM = 30

/** A point's position along a Hilbert curve over the lat/lon plane (2^16 cells a side): near on the curve is near on the map. */
export function hilbertIndex(lat: number, lon: number): number {
  const side = 1 << 16
  let x = Math.min(side - 1, Math.max(0, Math.floor(((lon + 180) / 360) * side)))
  let y = Math.min(side - 1, Math.max(0, Math.floor(((lat + 90) / 180) * side)))
  let index = 0
  for (let s = side >> 1; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0
    const ry = (y & s) > 0 ? 1 : 0
    index += s * s * ((3 * rx) ^ ry)
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x
        y = s - 1 - y
      }
      ;[x, y] = [y, x]
    }
  }
  return index
}

/**
 * For each routed city, the `count` nearest other routed cities, the most populous place within 30 km,
 * and the next city along a Hilbert curve through all of them (so that following links from any city
 * reaches every city, while that link is almost always a neighbour too), nearest first.
 * Uses a half-degree grid so the whole country takes well under a second.
 * @example nearbyCities(cities, 5).get(duvall) // [Echo Lake, Cottage Lake, …, Carnation, Redmond]
 */
export function nearbyCities(cities: City[], count = 5): Map<City, City[]> {
  const routed = cities
    .filter((city) => city.route)
    .map((city) => ({ city, along: hilbertIndex(city.lat, city.lon) }))
    .sort((a, b) => a.along - b.along || a.city.name.localeCompare(b.city.name))
    .map((entry) => entry.city)
  const cellOf = (lat: number, lon: number): string => `${Math.floor(lat / CELL_DEG)}:${Math.floor(lon / CELL_DEG)}`
  const grid = new Map<string, City[]>()
  for (const city of routed) {
    const key = cellOf(city.lat, city.lon)
    grid.set(key, [...(grid.get(key) ?? []), city])
  }
  const result = new Map<City, City[]>()
  routed.forEach((city, i) => {
    const row = Math.floor(city.lat / CELL_DEG)
    const col = Math.floor(city.lon / CELL_DEG)
    let found: { city: City; km: number }[] = []
    for (let ring = 1; ring <= 8 && found.length < count; ring++) {
      found = []
      for (let r = row - ring; r <= row + ring; r++)
        for (let c = col - ring; c <= col + ring; c++)
          for (const other of grid.get(`${r}:${c}`) ?? [])
            if (other !== city) found.push({ city: other, km: haversineKm(city.lat, city.lon, other.lat, other.lon) })
    }
    found.sort((a, b) => a.km - b.km)
    const chosen = found.slice(0, count)
    const town = found
      .filter((entry) => entry.km <= TOWN_KM && entry.city.population > city.population)
      .reduce<{ city: City; km: number } | null>(
        (best, entry) => (!best || entry.city.population > best.city.population ? entry : best),
        null,
      )
    if (town && !chosen.some((entry) => entry.city === town.city)) chosen.push(town)
    const next = routed[(i + 1) % routed.length]
    if (next && next !== city && !chosen.some((entry) => entry.city === next))
      chosen.push({ city: next, km: haversineKm(city.lat, city.lon, next.lat, next.lon) })
    result.set(
      city,
      chosen.sort((a, b) => a.km - b.km).map((entry) => entry.city),
    )
  })
  return result
}
