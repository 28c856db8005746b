import { NEAREST_RADIUS_KM, type City } from './cities.ts'
import { EARTH_RADIUS_KM, haversineKm } from './geo.ts'

/**
 * The coordinate pages' nearest-place index: for each 1-degree cell, the few places that can be the
 * nearest within 50 km to some point of the cell, so a page fetches a few KB instead of cities.txt.
 * Built at build time (src/integrations/near-index.ts) into /data/near/{lat}_{lon}.json.
 */
export const NEAR_CELL_DEG = 1
/** Candidates are pruned per sub-cell (1/8 degree): small cells make the bounds below tight. */
const SUBCELLS = 8
const SLACK_KM = 1e-6

/** One cell's file: time zones once, then [name, state, lat, lon, zone index] in cities.txt order. */
export type NearCell = { zones: string[]; places: [string, string, number, number, number][] }
export type NearPlace = Pick<City, 'name' | 'state' | 'lat' | 'lon' | 'timezone'>
type Box = { lat0: number; lat1: number; lon0: number; lon1: number }

const rad = (degrees: number): number => (degrees * Math.PI) / 180
const hav = (radians: number): number => Math.sin(radians / 2) ** 2

/**
 * The cell a point falls in, as the file name's two numbers (longitude 180 is -180).
 * @example nearCellKey(47.74, -121.99) // '47_-122'
 */
export function nearCellKey(lat: number, lon: number): string {
  const wrapped = lon >= 180 ? lon - 360 : lon
  return `${Math.floor(lat / NEAR_CELL_DEG) * NEAR_CELL_DEG}_${Math.floor(wrapped / NEAR_CELL_DEG) * NEAR_CELL_DEG}`
}

/** Longitude gap in degrees from a city to a box, across the antimeridian too. */
function lonGap(lon: number, box: Box): number {
  return Math.min(...[-360, 0, 360].map((shift) => Math.max(0, box.lon0 - (lon + shift), lon + shift - box.lon1)))
}

/** A distance no point of the box is closer than (haversine: each term at its smallest). */
function lowerKm(city: NearPlace, box: Box): number {
  const dLat = Math.max(0, box.lat0 - city.lat, city.lat - box.lat1)
  const cosBox = Math.cos(rad(Math.max(Math.abs(box.lat0), Math.abs(box.lat1))))
  const h = hav(rad(dLat)) + Math.cos(rad(city.lat)) * Math.max(0, cosBox) * hav(rad(lonGap(city.lon, box)))
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** A distance no point of the box is farther than: to the centre, then along a meridian and a parallel. */
function upperKm(city: NearPlace, box: Box): number {
  const [lat, lon] = [(box.lat0 + box.lat1) / 2, (box.lon0 + box.lon1) / 2]
  const minAbs = box.lat0 <= 0 && box.lat1 >= 0 ? 0 : Math.min(Math.abs(box.lat0), Math.abs(box.lat1))
  const spread = EARTH_RADIUS_KM * (rad((box.lat1 - box.lat0) / 2) + Math.cos(rad(minAbs)) * rad((box.lon1 - box.lon0) / 2))
  return haversineKm(city.lat, city.lon, lat, lon) + spread
}

/** The cities that may be the nearest within the radius to some point of the box (a superset, never missing one). */
function candidates(pool: NearPlace[], box: Box, radiusKm: number): NearPlace[] {
  let bound = radiusKm
  for (const city of pool) bound = Math.min(bound, upperKm(city, box))
  return pool.filter((city) => lowerKm(city, box) <= bound + SLACK_KM)
}

/**
 * Builds every cell that has a place within the radius of some of its points, keyed by nearCellKey.
 * @example buildNearIndex(cities).get('47_-122')?.places[0] // ['Seattle', 'WA', 47.60621, -122.33207, 0]
 */
export function buildNearIndex(cities: NearPlace[], radiusKm = NEAREST_RADIUS_KM): Map<string, NearCell> {
  const order = new Map(cities.map((city, i) => [city, i]))
  // Which cells each city may matter to: the cells its radius reaches (a box in degrees, widened at high latitude).
  const pools = new Map<string, NearPlace[]>()
  const latReach = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI)
  for (const city of cities) {
    const maxLat = Math.min(89.9, Math.abs(city.lat) + latReach)
    const lonReach =
      (2 * Math.asin(Math.min(1, Math.sin(radiusKm / EARTH_RADIUS_KM / 2) / Math.cos(rad(maxLat)))) * 180) / Math.PI
    for (let lat = Math.floor(city.lat - latReach); lat <= Math.floor(city.lat + latReach); lat++)
      for (let lon = Math.floor(city.lon - lonReach); lon <= Math.floor(city.lon + lonReach); lon++) {
        const key = nearCellKey(lat, ((((lon + 180) % 360) + 360) % 360) - 180)
        const pool = pools.get(key)
        if (pool) pool.push(city)
        else pools.set(key, [city])
      }
  }
  const cells = new Map<string, NearCell>()
  const step = NEAR_CELL_DEG / SUBCELLS
  for (const [key, pool] of pools) {
    const [lat0, lon0] = key.split('_').map(Number) as [number, number]
    const kept = new Set<NearPlace>()
    for (let i = 0; i < SUBCELLS; i++)
      for (let j = 0; j < SUBCELLS; j++) {
        const box = { lat0: lat0 + i * step, lat1: lat0 + (i + 1) * step, lon0: lon0 + j * step, lon1: lon0 + (j + 1) * step }
        for (const city of candidates(pool, box, radiusKm)) kept.add(city)
      }
    if (!kept.size) continue
    const places = [...kept].sort((a, b) => order.get(a)! - order.get(b)!)
    const zones = [...new Set(places.map((city) => city.timezone))]
    cells.set(key, {
      zones,
      places: places.map((city) => [city.name, city.state, city.lat, city.lon, zones.indexOf(city.timezone)]),
    })
  }
  return cells
}

/**
 * Reads a cell file into places (untrusted JSON: rows that are not well-formed are skipped).
 * @example parseNearCell({ zones: ['America/Los_Angeles'], places: [['Duvall', 'WA', 47.74, -121.98, 0]] })
 */
export function parseNearCell(data: unknown): NearPlace[] {
  if (!data || typeof data !== 'object') return []
  const { zones, places } = data as Partial<Record<'zones' | 'places', unknown>>
  if (!Array.isArray(zones) || !Array.isArray(places)) return []
  const result: NearPlace[] = []
  for (const row of places) {
    if (!Array.isArray(row)) continue
    const [name, state, lat, lon, zone] = row as unknown[]
    const timezone: unknown = typeof zone === 'number' ? (zones as unknown[])[zone] : undefined
    if (typeof name !== 'string' || typeof state !== 'string' || typeof timezone !== 'string') continue
    if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) continue
    result.push({ name, state, lat, lon, timezone })
  }
  return result
}
