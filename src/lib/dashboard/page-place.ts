/** Which place plain /page (the dashboard without a place in its URL) is about. */
import { DEFAULT_POINT, DEFAULT_ROUTE } from '../routing/routes.ts'
import { placeLabel, type Location } from '../decode/location.ts'
import type { HomeLocation } from '../decode/stored-settings.ts'
import type { PagePoint } from '../stores/place.ts'

/** The default place (SPEC section 9): Duvall, WA. */
export const DEFAULT_PAGE_POINT: PagePoint = {
  ...DEFAULT_POINT,
  timeZone: 'America/Los_Angeles',
  name: 'Duvall, WA',
  route: DEFAULT_ROUTE,
}

/**
 * The visitor's home location, else their current (device) location, else Duvall. The time zone of
 * a stored place is not stored: the page learns it from the forecast provider.
 * @example dashboardPoint(null, null).route // 'wa/duvall'
 */
export function dashboardPoint(home: HomeLocation | null, current: Location | null): PagePoint {
  if (home) return { lat: home.lat, lon: home.lon, route: home.route, timeZone: null, name: home.name || null }
  if (current)
    return {
      lat: current.lat,
      lon: current.lon,
      route: current.route,
      timeZone: null,
      name: current.city ? placeLabel(current) : null,
    }
  return DEFAULT_PAGE_POINT
}
