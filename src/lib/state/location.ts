import { round2 } from '../geo.ts'

/** How a location was chosen, ranked by source priority (SPEC section 3). */
export const SOURCE_PRIORITY = { unknown: 0, latLon: 1, cityState: 2, route: 3, geolocation: 4, selected: 5 } as const
export type LocationMethod = 'selected' | 'geolocation' | 'latLon'

export type Location = {
  method: LocationMethod
  lat: number
  lon: number
  route: string | null
  city: string | null
  state: string | null
  zip: string | null
}
export type RecentLocation = Location & { lastVisited: number }

export const RECENT_MAX = 10

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.length <= max ? value : null)

/**
 * Decodes a stored location (untrusted); null when it is not a usable point.
 * @example decodeLocation({ method: 'selected', lat: 47.74, lon: -121.99 })?.route // null
 */
export function decodeLocation(value: unknown): Location | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const { lat, lon } = v
  if (typeof lat !== 'number' || typeof lon !== 'number' || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) return null
  const method = v['method'] === 'geolocation' || v['method'] === 'latLon' ? v['method'] : 'selected'
  const route = text(v['route'], 80)
  return {
    method,
    lat,
    lon,
    route: route && /^[a-z]{2}\/[a-z-]+$/.test(route) ? route : null,
    city: text(v['city'], 100),
    state: text(v['state'], 2),
    zip: text(v['zip'], 10),
  }
}

/** Decodes a stored list of recent locations, dropping bad entries and keeping at most 10. */
export function decodeRecent(value: unknown): RecentLocation[] {
  if (!Array.isArray(value)) return []
  return value
    .map((item: unknown) => {
      const location = decodeLocation(item)
      const visited = (item as { lastVisited?: unknown } | null)?.lastVisited
      return location && typeof visited === 'number' ? { ...location, lastVisited: visited } : null
    })
    .filter((item) => item !== null)
    .slice(0, RECENT_MAX)
}

const samePoint = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): boolean =>
  round2(a.lat) === round2(b.lat) && round2(a.lon) === round2(b.lon)

/**
 * Adds a visit: the same point is replaced, the newest comes first, at most 10 are kept.
 * @example addRecent([], duvall, 1).length // 1
 */
export function addRecent(list: RecentLocation[], location: Location, now: number): RecentLocation[] {
  return [{ ...location, lastVisited: now }, ...list.filter((item) => !samePoint(item, location))].slice(0, RECENT_MAX)
}

/** A JSON decoder for persistent stores that never throws. */
export function safeJson<T>(decode: (value: unknown) => T): (raw: string) => T {
  return (raw) => {
    try {
      return decode(JSON.parse(raw))
    } catch {
      return decode(undefined)
    }
  }
}
