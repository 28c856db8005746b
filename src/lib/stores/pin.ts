import { computed } from 'nanostores'
import { samePoint, type Location } from '../decode/location.ts'
import { $pinnedLocations, pinLocation, unpinLocation } from './locations.ts'
import { $pagePoint, type PagePoint } from './place.ts'

/**
 * The page's point as a location to pin: a city page keeps its route, city and state
 * ('Duvall, WA' splits at the comma); a map point keeps only its coordinates.
 */
export function pinnableOf(point: PagePoint): Location {
  const [city = '', state = ''] = point.route ? (point.name ?? '').split(', ') : []
  return {
    method: 'selected',
    lat: point.lat,
    lon: point.lon,
    route: point.route,
    city: city || null,
    state: state || null,
    zip: null,
  }
}

/** Whether the page's place is pinned (follows pins made on other pages and tabs). */
export const $pagePinned = computed(
  [$pagePoint, $pinnedLocations],
  (point, pinned) => !!point && pinned.some((place) => samePoint(place, point)),
)

/** Pins the page's place, or unpins it when pinned; returns the place and whether it is pinned now. */
export function togglePagePin(): { place: Location; pinned: boolean } | null {
  const point = $pagePoint.get()
  if (!point) return null
  const place = pinnableOf(point)
  if ($pagePinned.get()) {
    unpinLocation(place.lat, place.lon)
    return { place, pinned: false }
  }
  pinLocation(place)
  return { place, pinned: true }
}
