import { haversineKm } from './geo.ts'
import { ROUTE_PATTERN, citySlug, searchKey } from './routing/slug.ts'

/** One line of cities.txt (SPEC section 3) plus what the product derives from it. */
export type City = {
  name: string
  lat: number
  lon: number
  country: string
  state: string
  timezone: string
  population: number
  /** `wa/duvall`, or null when a more populous place in the state has the same slug. */
  route: string | null
}

export type CitySearchResult = { city: City; displayName: string; route: string | null }

export type CityIndex = {
  cities: City[]
  byRoute: Map<string, City>
  byPrefix: Map<string, { city: City; key: string }[]>
  byExact: Map<string, City[]>
}

export const SEARCH_MIN_CHARS = 2
export const SEARCH_LIMIT = 10
export const NEAREST_RADIUS_KM = 50

const byPopulation = (a: City, b: City): number => b.population - a.population || a.name.localeCompare(b.name)

/** Parses one tab-separated line; null for a line that is not a usable city. */
function parseLine(line: string): Omit<City, 'route'> | null {
  const [name = '', lat = '', lon = '', country = '', state = '', timezone = '', population = ''] = line.split('\t')
  const city = {
    name: name.trim(),
    lat: Number(lat),
    lon: Number(lon),
    country: country.trim(),
    state: state.trim().toUpperCase(),
    timezone: timezone.trim(),
    population: Number(population) || 0,
  }
  if (!city.name || !/^[A-Z]{2}$/.test(city.state) || !city.timezone) return null
  if (!Number.isFinite(city.lat) || !Number.isFinite(city.lon) || lat === '' || lon === '') return null
  if (Math.abs(city.lat) > 90 || Math.abs(city.lon) > 180) return null
  return city
}

/**
 * Parses cities.txt: name, lat, lon, country, state, timezone, then optional population.
 * Bad lines are skipped. Where two places in a state share a slug, the most populous keeps the route.
 * @example parseCities('Duvall\t47.74232\t-121.98568\tUS\tWA\tAmerica/Los_Angeles\t7674')[0].route // 'wa/duvall'
 */
export function parseCities(text: string): City[] {
  const cities: City[] = []
  const owner = new Map<string, City>()
  for (const line of text.split('\n')) {
    const parsed = parseLine(line)
    if (!parsed) continue
    const slug = citySlug(parsed.name)
    const route = slug ? `${parsed.state.toLowerCase()}/${slug}` : null
    const city: City = { ...parsed, route }
    cities.push(city)
    if (!route) continue
    const holder = owner.get(route)
    if (!holder) owner.set(route, city)
    else if (city.population > holder.population) {
      holder.route = null
      owner.set(route, city)
    } else city.route = null
  }
  return cities
}

/** Builds the search and route indexes (first 2 letters of each word of the lower-cased name). */
export function indexCities(cities: City[]): CityIndex {
  const index: CityIndex = { cities, byRoute: new Map(), byPrefix: new Map(), byExact: new Map() }
  for (const city of [...cities].sort(byPopulation)) {
    if (city.route) index.byRoute.set(city.route, city)
    const key = searchKey(city.name)
    index.byExact.set(key, [...(index.byExact.get(key) ?? []), city])
    const prefixes = new Set(key.split(' ').map((word) => word.slice(0, 2)))
    for (const prefix of prefixes) {
      if (prefix.length < 2) continue
      let bucket = index.byPrefix.get(prefix)
      if (!bucket) index.byPrefix.set(prefix, (bucket = []))
      bucket.push({ city, key })
    }
  }
  return index
}

export function toResult(city: City): CitySearchResult {
  return { city, displayName: `${city.name}, ${city.state}`, route: city.route }
}

/**
 * Searches city names: exact, then prefix, then contains; ties by population.
 * "duvall, wa" narrows to a state. Fewer than 2 characters gives an empty list.
 * @example searchCities(index, 'duv')[0].displayName // 'Duvall, WA'
 */
export function searchCities(index: CityIndex, query: string, limit = SEARCH_LIMIT): CitySearchResult[] {
  const [namePart = '', statePart = ''] = query.split(',')
  const key = searchKey(namePart)
  const state = statePart.trim().toUpperCase()
  if (key.length < SEARCH_MIN_CHARS) return []
  const inState = (city: City): boolean => !state || city.state.startsWith(state)
  const found = new Map<City, number>()
  for (const city of index.byExact.get(key) ?? []) if (inState(city)) found.set(city, 0)
  let scanned = 0
  for (const { city, key: cityKey } of index.byPrefix.get(key.slice(0, 2)) ?? []) {
    if (scanned >= limit * 2) break
    if (found.has(city) || !inState(city)) continue
    const rank = cityKey.startsWith(key) ? 1 : cityKey.includes(key) ? 2 : -1
    if (rank < 0) continue
    found.set(city, rank)
    scanned++
  }
  return [...found]
    .sort(([a, rankA], [b, rankB]) => rankA - rankB || byPopulation(a, b))
    .slice(0, limit)
    .map(([city]) => toResult(city))
}

/**
 * Looks a city up by its route, case-insensitively; null when the path is not a route.
 * @example cityByRoute(index, 'WA/Duvall')?.name // 'Duvall'
 */
export function cityByRoute(index: CityIndex, route: string): City | null {
  if (!ROUTE_PATTERN.test(route)) return null
  return index.byRoute.get(route.toLowerCase()) ?? null
}

/**
 * Nearest city to a point within a radius (50 km by default).
 * @example nearestCity(cities, 47.74, -121.98)?.name // 'Duvall'
 */
export function nearestCity<T extends Pick<City, 'lat' | 'lon'>>(
  cities: T[],
  lat: number,
  lon: number,
  radiusKm = NEAREST_RADIUS_KM,
): T | null {
  let best: T | null = null
  let bestKm = radiusKm
  for (const city of cities) {
    if (Math.abs(city.lat - lat) > radiusKm / 100) continue
    const km = haversineKm(lat, lon, city.lat, city.lon)
    if (km <= bestKm) [best, bestKm] = [city, km]
  }
  return best
}
