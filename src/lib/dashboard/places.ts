/** The dashboard's list of the visitor's places: home, then pinned and recent in the order the settings ask. */
import { round2 } from '../geo.ts'
import { placeLabel, samePoint, type Location } from '../decode/location.ts'
import type { HomeLocation } from '../decode/stored-settings.ts'

export const PLACE_KINDS = ['home', 'pinned', 'recent'] as const
export type PlaceKind = (typeof PLACE_KINDS)[number]

/** One card: a point, its name when known, and every list it is in (home and pinned, say). */
export type DashboardPlace = { key: string; lat: number; lon: number; route: string | null; name: string; kinds: PlaceKind[] }

/** Cards shown at most; the settings page lists every place. Also bounds the requests for them. */
export const MAX_PLACES = 12

/**
 * The key of a point: its coordinates to 2 decimals, the precision at which two places are the same.
 * @example placeKey({ lat: 47.74232, lon: -121.98568 }) // '47.74,-121.99'
 */
export function placeKey(point: { lat: number; lon: number }): string {
  return `${round2(point.lat)},${round2(point.lon)}`
}

type Candidate = { kind: PlaceKind; lat: number; lon: number; route: string | null; name: string }

const fromLocation = (kind: PlaceKind, location: Location): Candidate => ({
  kind,
  lat: location.lat,
  lon: location.lon,
  route: location.route,
  name: placeLabel(location),
})

/**
 * Home first, then pinned before recent (or recent before pinned when `pinnedFirst` is off). A point
 * already listed is not listed again: its first card also names the later list. At most `max` cards;
 * `hidden` says how many more places there are.
 * @example
 * dashboardPlaces({ home: null, pinned: [seattle], recent: [duvall, seattle], pinnedFirst: true }).places.map((p) => p.kinds)
 * // [['pinned', 'recent'], ['recent']]
 */
export function dashboardPlaces(
  input: { home: HomeLocation | null; pinned: Location[]; recent: Location[]; pinnedFirst: boolean },
  max = MAX_PLACES,
): { places: DashboardPlace[]; hidden: number } {
  const { home, pinned, recent, pinnedFirst } = input
  const lists = pinnedFirst
    ? [pinned.map((l) => fromLocation('pinned', l)), recent.map((l) => fromLocation('recent', l))]
    : [recent.map((l) => fromLocation('recent', l)), pinned.map((l) => fromLocation('pinned', l))]
  const homeCandidate: Candidate[] = home
    ? [
        {
          kind: 'home',
          lat: home.lat,
          lon: home.lon,
          route: home.route,
          name: home.name || placeLabel({ ...home, method: 'selected', city: null, state: null, zip: null }),
        },
      ]
    : []
  const places: DashboardPlace[] = []
  for (const candidate of [...homeCandidate, ...lists.flat()]) {
    const known = places.find((place) => samePoint(place, candidate))
    if (known) {
      if (!known.kinds.includes(candidate.kind)) known.kinds.push(candidate.kind)
      continue
    }
    places.push({
      key: placeKey(candidate),
      lat: candidate.lat,
      lon: candidate.lon,
      route: candidate.route,
      name: candidate.name,
      kinds: [candidate.kind],
    })
  }
  return { places: places.slice(0, max), hidden: Math.max(0, places.length - max) }
}
