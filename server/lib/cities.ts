// The site's cities.txt, parsed once per process for /api/cities and for placing items by city name.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  cityByRoute,
  indexCities,
  nearestCity,
  parseCities,
  searchCities,
  type City,
  type CityIndex,
} from '../../src/lib/cities.ts'
import { pointOfKey } from '../../src/lib/notify/place-key.ts'

let index: CityIndex | null = null

export function cityIndex(): CityIndex {
  index ??= indexCities(parseCities(readFileSync(resolve(import.meta.dirname, '../../public/data/cities.txt'), 'utf8')))
  return index
}

/**
 * Finds a city by route ('wa/duvall') or name ('Duvall, WA', or 'Duvall': the most populous).
 * @example findCity('Duvall, WA')?.lat // 47.73
 */
export function findCity(text: string): City | null {
  const byRoute = cityByRoute(cityIndex(), text.trim())
  if (byRoute) return byRoute
  const [name = ''] = text.split(',')
  const exact = searchCities(cityIndex(), text, 5).find((result) => result.city.name.toLowerCase() === name.trim().toLowerCase())
  return exact?.city ?? null
}

/**
 * A place one can follow (notifications, issue 24): a city by its route, or a map point by its key
 * ('z/47.74/-121.99', issue 38) within 50 km of a city, which gives it a time zone (quiet hours) and a state; its
 * route is the key, its name the coordinates. Null for anything else.
 * @example followedPlace('z/47.74/-121.99')?.timezone // 'America/Los_Angeles'
 */
export function followedPlace(key: string): (City & { route: string }) | null {
  const point = pointOfKey(key)
  if (!point) {
    const city = /^[a-z]{2}\/[a-z-]+$/i.test(key) ? cityByRoute(cityIndex(), key) : null
    return city?.route ? { ...city, route: city.route } : null
  }
  const near = nearestCity(cityIndex().cities, point.lat, point.lon)
  return near ? { ...near, ...point, name: `${point.lat}, ${point.lon}`, population: 0, route: key } : null
}
