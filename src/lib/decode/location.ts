import { round2 } from '../geo.ts'
import { isObject } from '../is-object.ts'

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
/** Not a SPEC limit: keeps a tampered store from growing without bound. */
export const PINNED_MAX = 100

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.length <= max ? value : null)

/**
 * Decodes a stored location (untrusted); null when it is not a usable point.
 * @example decodeLocation({ method: 'selected', lat: 47.74, lon: -121.99 })?.route // null
 */
export function decodeLocation(value: unknown): Location | null {
  if (!isObject(value)) return null
  const v = value
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

/** Decodes a stored list of pinned locations, dropping bad entries. */
export function decodePinned(value: unknown): Location[] {
  if (!Array.isArray(value)) return []
  return value
    .map(decodeLocation)
    .filter((item) => item !== null)
    .slice(0, PINNED_MAX)
}

/** Decodes stored pinned ids: strings or numbers only, no duplicates. */
export function decodeIds(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  const ids = value.filter((id) => (typeof id === 'string' && id.length <= 64) || Number.isFinite(id)).map(String)
  return [...new Set(ids)].slice(0, 500)
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

/** Two points are the same place when they agree to 2 decimals (about a kilometre). */
export const samePoint = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): boolean =>
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

/** Removes a recent location by its point. */
export function removeRecent(list: RecentLocation[], lat: number, lon: number): RecentLocation[] {
  return list.filter((item) => !samePoint(item, { lat, lon }))
}

/**
 * Pins a location; a point that is already pinned is ignored (SPEC section 4).
 * @example pin([duvall], duvall).length // 1
 */
export function pin(list: Location[], location: Location): Location[] {
  return list.some((item) => samePoint(item, location)) ? list : [...list, location].slice(0, PINNED_MAX)
}

/** Unpins by latitude and longitude. */
export function unpin(list: Location[], lat: number, lon: number): Location[] {
  return list.filter((item) => !samePoint(item, { lat, lon }))
}

/** Adds the id when absent, removes it when present. */
export function toggleId(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id]
}

export type LocationSource = keyof typeof SOURCE_PRIORITY

/**
 * The location to use among candidates: the highest source priority wins (selected 5 … unknown 0).
 * @example bestLocation([{ source: 'route', location: a }, { source: 'geolocation', location: b }]) // b
 */
export function bestLocation(candidates: { source: LocationSource; location: Location | null }[]): Location | null {
  let best: { rank: number; location: Location } | null = null
  for (const { source, location } of candidates) {
    const rank = SOURCE_PRIORITY[source]
    if (location && (!best || rank > best.rank)) best = { rank, location }
  }
  return best?.location ?? null
}

/** "Duvall, WA", or the point to 2 decimals when the place has no name. */
export function placeLabel(location: Location): string {
  if (location.city) return location.state ? `${location.city}, ${location.state}` : location.city
  return `${location.lat.toFixed(2)}, ${location.lon.toFixed(2)}`
}
