import type { City } from '../cities.ts'
import { isSection, type Section } from './routes.ts'

/** A path that looks like a city page: state, city slug and the section asked for. */
export type CityMiss = { state: string; slug: string; section: Section }

/**
 * Reads a path (without its language prefix) that has the shape of a city page, in any case;
 * null for anything else. Only the shape is checked here, the state against the city list later.
 * @example readCityMiss('/wa/nowhereville/cameras') // { state: 'wa', slug: 'nowhereville', section: 'cameras' }
 */
export function readCityMiss(path: string): CityMiss | null {
  const match = /^\/([a-z]{2})\/([a-z][a-z-]{0,79})(?:\/([a-z]+))?\/?$/i.exec(path)
  if (!match?.[1] || !match[2]) return null
  const section = match[3]?.toLowerCase() ?? 'weather'
  if (!isSection(section)) return null
  return { state: match[1].toLowerCase(), slug: match[2].toLowerCase(), section }
}

/** Edit distance between two short strings (insert, delete, substitute), capped work: slugs are ≤ 80. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = row
  }
  return previous[b.length] ?? 0
}

/**
 * The routed cities of a state whose names are nearest to the slug asked for: a name that starts
 * with it or contains it first, then by edit distance, ties by population.
 * @example closestCities(cities, 'wa', 'duval').map((c) => c.route) // ['wa/duvall', …]
 */
export function closestCities(cities: City[], state: string, slug: string, limit = 5): City[] {
  const scored: { city: City; score: number }[] = []
  for (const city of cities) {
    if (!city.route || city.state.toLowerCase() !== state) continue
    const name = city.route.slice(3)
    const score = name.startsWith(slug) || slug.startsWith(name) ? 0 : name.includes(slug) ? 1 : 2 + editDistance(slug, name)
    scored.push({ city, score })
  }
  return scored
    .sort((a, b) => a.score - b.score || b.city.population - a.city.population)
    .slice(0, limit)
    .map((entry) => entry.city)
}

/** Whether the city list has places in this state (a two-letter code that is no state gives the plain 404). */
export const hasState = (cities: City[], state: string): boolean => cities.some((city) => city.state.toLowerCase() === state)
