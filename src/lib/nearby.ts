import type { City } from './cities.ts'
import { haversineKm } from './geo.ts'

const CELL_DEG = 0.5

/**
 * For each routed city, the `count` nearest other routed cities, plus the next city in
 * (state, population) order so that following links from any city reaches every city.
 * Uses a half-degree grid so the whole country takes well under a second.
 * @example nearbyCities(cities, 5).get(duvall) // [Carnation, Monroe, …]
 */
export function nearbyCities(cities: City[], count = 5): Map<City, City[]> {
  const routed = cities
    .filter((city) => city.route)
    .sort((a, b) => a.state.localeCompare(b.state) || b.population - a.population || a.name.localeCompare(b.name))
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
    const nearest = found
      .sort((a, b) => a.km - b.km)
      .slice(0, count)
      .map((entry) => entry.city)
    const next = routed[(i + 1) % routed.length]
    if (next && next !== city && !nearest.includes(next)) nearest.push(next)
    result.set(city, nearest)
  })
  return result
}
