// The site's cities.txt, parsed once per process for /api/cities and for placing items by city name.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { cityByRoute, indexCities, parseCities, searchCities, type City, type CityIndex } from '../../src/lib/cities.ts'

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
