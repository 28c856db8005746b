import type { CitySearchResult } from './cities.ts'
import type { Location } from './decode/location.ts'
import { coordPath, type Section } from './routing/routes.ts'

/**
 * Where choosing a search result goes: the city's section page, or the map point's when the
 * place has no route of its own (SPEC section 2).
 * @example searchHref('/es', duvallResult, 'roads') // '/es/wa/duvall/roads'
 */
export function searchHref(prefix: string, result: CitySearchResult, section: Section): string {
  if (result.route) return `${prefix}/${result.route}${section === 'weather' ? '' : `/${section}`}`
  return `${prefix}${coordPath('en', result.city.lat, result.city.lon, section)}`
}

/**
 * Where choosing a saved (pinned or recent) place goes: its city page, else its map point, in the
 * current section like a search result.
 * @example savedHref('', { route: 'wa/seattle', … }, 'cameras') // '/wa/seattle/cameras'
 */
export function savedHref(prefix: string, place: Location, section: Section): string {
  if (place.route) return `${prefix}/${place.route}${section === 'weather' ? '' : `/${section}`}`
  return `${prefix}${coordPath('en', place.lat, place.lon, section)}`
}
