import { haversineKm, type Point } from '../geo.ts'
import { weatherConfig } from './config.ts'
import { coord, isObject, list, num, str, unusable, usable, withQuery, type JsonObject } from './decode.ts'

/** USGS/IRIS magnitude classes (DATA_SOURCES 4.4); 'micro' is below 3. */
export type MagnitudeClass = 'micro' | 'minor' | 'light' | 'moderate' | 'strong' | 'major' | 'great'

/**
 * Search radius around a city. A magnitude 5–6 quake is typically felt a few hundred kilometres
 * away, so 300 km covers what residents may feel or hear about (Seattle–Portland is ~230 km)
 * without listing another region's swarms.
 */
export const QUAKE_RADIUS_KM = 300
export const QUAKE_DAYS = 7
export const QUAKES_SHOWN = 10

export type Quake = {
  id: string
  mag: number | null
  magClass: MagnitudeClass | null
  place: string
  time: number
  distanceKm: number
  depthKm: number | null
  tsunami: boolean
  url: string | null
}

/**
 * The class of a magnitude, compared on the raw value so 6.95 is still 'strong'.
 * @example magnitudeClass(5.3) // 'moderate'
 */
export function magnitudeClass(mag: number): MagnitudeClass {
  if (mag >= 8) return 'great'
  if (mag >= 7) return 'major'
  if (mag >= 6) return 'strong'
  if (mag >= 5) return 'moderate'
  if (mag >= 4) return 'light'
  if (mag >= 3) return 'minor'
  return 'micro'
}

const DAY_MS = 86_400_000

/**
 * The USGS FDSN query for the newest earthquakes within QUAKE_RADIUS_KM over QUAKE_DAYS days. The
 * start time is floored to the minute so every visitor in that minute shares one cacheable URL.
 * @example quakesUrl({ lat: 47.74, lon: -121.99 }, Date.UTC(2026, 7, 20, 12, 0, 30)) // '…&starttime=2026-08-13T12:00:00&…'
 */
export const QUAKE_MIN_MAGNITUDE = 2.5

export function quakesUrl(point: Point, now: number, base: string = weatherConfig.quakesBase): string {
  const start = Math.floor((now - QUAKE_DAYS * DAY_MS) / 60_000) * 60_000
  return withQuery(base, {
    format: 'geojson',
    latitude: coord(point.lat),
    longitude: coord(point.lon),
    maxradiuskm: String(QUAKE_RADIUS_KM),
    // The USGS 2.5+ threshold: smaller events are rarely felt and would crowd out the rest.
    minmagnitude: String(QUAKE_MIN_MAGNITUDE),
    // FDSN reads a time without a zone as UTC.
    starttime: new Date(start).toISOString().slice(0, 19),
    orderby: 'time',
    limit: String(QUAKES_SHOWN),
    eventtype: 'earthquake',
  })
}

const httpUrl = (value: unknown): string | null => {
  const text = str(value)
  return text !== null && /^https?:\/\/[^\s]+$/i.test(text) ? text : null
}

function decodeQuake(feature: JsonObject, point: Point): Quake | null {
  const props = isObject(feature['properties']) ? feature['properties'] : {}
  const geometry = isObject(feature['geometry']) ? feature['geometry'] : {}
  const coordinates = list(geometry['coordinates'])
  const [lon, lat, time] = [num(coordinates[0]), num(coordinates[1]), num(props['time'])]
  if (lon === null || lat === null || time === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  const mag = num(props['mag'])
  return {
    id: str(feature['id']) ?? str(props['code']) ?? `${time}:${lat},${lon}`,
    mag,
    magClass: mag === null ? null : magnitudeClass(mag),
    place: str(props['place']) ?? '',
    time,
    distanceKm: haversineKm(point.lat, point.lon, lat, lon),
    depthKm: num(coordinates[2]),
    // Only USGS's "large event in an oceanic region" flag, never a tsunami warning (DATA_SOURCES 4.3).
    tsunami: props['tsunami'] === 1,
    url: httpUrl(props['url']),
  }
}

/**
 * Reads a USGS GeoJSON FeatureCollection: newest first, at most QUAKES_SHOWN, distances from
 * `point`. Features without a time or coordinates are skipped; a body without a `features` array
 * throws ProviderError. A null place becomes ''.
 * @example decodeQuakes(json, { lat: 47.74, lon: -121.99 })[0]?.distanceKm // 12.4
 */
export function decodeQuakes(json: unknown, point: Point): Quake[] {
  const body = usable(json, 'quakes')
  if (!Array.isArray(body['features'])) throw unusable(body, 'quakes')
  return list(body['features'])
    .flatMap((feature) => {
      const quake = isObject(feature) ? decodeQuake(feature, point) : null
      return quake ? [quake] : []
    })
    .sort((a, b) => b.time - a.time)
    .slice(0, QUAKES_SHOWN)
}
