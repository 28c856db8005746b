// The place a business's opening hours are evaluated in (time zone and state, for holidays): the nearest city of the
// city file, as the Overpass fetcher uses, found once per 0.05° cell through a one-degree grid of the cities (a
// linear scan of 21,000 cities per cell took 8 of 20 s of a 1-million-node import), and searched wider than the
// fetcher's 50 km, since an extract also holds businesses far from any listed place.
import type { City } from '../../src/lib/cities.ts'
import { haversineKm } from '../../src/lib/geo.ts'
import { cityIndex } from '../lib/cities.ts'
import type { HoursPlace } from '../feeds/overpass/hours.ts'
import { cellOf } from '../feeds/overpass/query.ts'

/** How far from a listed place a business is still placed (rural Nevada and Alaska are far from any). */
export const PLACE_RADIUS_KM = 250
/** A degree of longitude is at least this long up to 70° N (all of the US but Alaska's north coast). */
const MIN_KM_PER_DEGREE = 38

export type PlaceFinder = (lat: number, lon: number) => HoursPlace | null
type Located = Pick<City, 'lat' | 'lon' | 'state' | 'timezone'>

/** The nearest city within PLACE_RADIUS_KM, searching rings of one-degree cells outwards. */
export function nearestOnGrid(cities: readonly Located[]): (lat: number, lon: number) => Located | null {
  const grid = new Map<string, Located[]>()
  for (const city of cities) {
    const key = `${Math.floor(city.lat)}:${Math.floor(city.lon)}`
    const list = grid.get(key)
    if (list) list.push(city)
    else grid.set(key, [city])
  }
  const maxRing = Math.ceil(PLACE_RADIUS_KM / MIN_KM_PER_DEGREE) + 1
  return (lat, lon) => {
    const row = Math.floor(lat)
    const column = Math.floor(lon)
    let best: Located | null = null
    let bestKm = PLACE_RADIUS_KM
    for (let ring = 0; ring <= maxRing; ring++) {
      // Every city outside rings 0..ring-1 is at least (ring - 1) degrees away.
      if (best && bestKm < (ring - 1) * MIN_KM_PER_DEGREE) break
      for (let dy = -ring; dy <= ring; dy++)
        for (let dx = -ring; dx <= ring; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue
          for (const city of grid.get(`${row + dy}:${column + dx}`) ?? []) {
            const km = haversineKm(lat, lon, city.lat, city.lon)
            if (km <= bestKm) [best, bestKm] = [city, km]
          }
        }
    }
    return best
  }
}

export function placeFinder(cities: readonly Located[] = cityIndex().cities): PlaceFinder {
  const nearest = nearestOnGrid(cities)
  const byCell = new Map<string, HoursPlace | null>()
  return (lat, lon) => {
    const { key } = cellOf(lat, lon)
    if (byCell.has(key)) return byCell.get(key) ?? null
    const city = nearest(lat, lon)
    const place = city ? { lat, lon, state: city.state, timeZone: city.timezone } : null
    byCell.set(key, place)
    return place
  }
}
