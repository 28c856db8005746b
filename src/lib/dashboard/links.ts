import { cityPath, coordPath, type Locale, type Section } from '../routing/routes.ts'

/**
 * A section of a place: the city's canonical URL when it has a route, else its map point's.
 * @example placePath('es', { lat: 47.74, lon: -121.99, route: 'wa/duvall' }, 'roads') // '/es/wa/duvall/roads'
 * @example placePath('en', { lat: 47.612, lon: -122.334, route: null }, 'page') // '/z/47.61/-122.33/page'
 */
export function placePath(
  locale: Locale,
  place: { lat: number; lon: number; route: string | null },
  section: Section = 'weather',
): string {
  return place.route ? cityPath(locale, place.route, section) : coordPath(locale, place.lat, place.lon, section)
}
