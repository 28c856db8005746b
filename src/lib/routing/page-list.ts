import { parseCities, type City } from '../cities.ts'
import { assignShards, type BuildScope } from './build-scope.ts'
import { nearbyCities } from '../nearby.ts'
import { SHELL_CITY, SHELL_NEARBY } from './page-fill.ts'
import { APP_PAGES, SECTIONS, type AppPage, type Locale, type Section } from './routes.ts'

export type CityLink = { name: string; state: string; route: string }
export type CityProps = CityLink & { lat: number; lon: number; timezone: string }

/** What one static page renders; `path` is its URL path without the leading slash or locale. */
export type SitePage =
  | { kind: 'city'; locale: Locale; path: string; section: Section; city: CityProps; nearby: CityLink[] }
  | { kind: 'coord'; locale: Locale; path: string; section: Section }
  | { kind: 'app'; locale: Locale; path: string; page: AppPage }
  | { kind: 'notFound'; locale: Locale; path: string }
  | { kind: 'home'; locale: Locale; path: string }

let last: { text: string; cities: City[]; nearby: Map<City, City[]> } | null = null

/** Routed cities and their neighbours, computed once per cities.txt text. */
function placesOf(text: string): { cities: City[]; nearby: Map<City, City[]> } {
  if (last?.text !== text) {
    const cities = parseCities(text).filter((c) => c.route)
    last = { text, cities, nearby: nearbyCities(cities) }
  }
  return last
}

const link = (city: City): CityLink => ({ name: city.name, state: city.state, route: city.route ?? '' })

/**
 * How a build makes the city pages: Astro renders every one ('all'), or only one shell per language
 * and section plus a check sample ('shells'), and the build fills in each city (page-fill.ts).
 */
export type CityMode = 'all' | 'shells'

/** The shell of a (language, section): the stand-in city (page-fill.ts) with two stand-in neighbours. */
export function shellPage(locale: Locale, section: Section): Extract<SitePage, { kind: 'city' }> {
  const route = SHELL_CITY.route
  return {
    kind: 'city',
    locale,
    path: section === 'weather' ? route : `${route}/${section}`,
    section,
    city: SHELL_CITY,
    nearby: SHELL_NEARBY,
  }
}

/**
 * The places whose pages Astro renders as well in 'shells' mode, for the build to check its filled
 * pages against: each name with a character HTML escapes or outside ASCII, the places with the
 * fewest and the most neighbours, and every 997th place.
 */
export function checkSample(cities: City[], nearby: Map<City, City[]>): Set<City> {
  const sample = new Set<City>()
  const count = (city: City): number => nearby.get(city)?.length ?? 0
  const byCount = [...cities].sort((a, b) => count(a) - count(b))
  if (byCount.length) sample.add(byCount[0]!).add(byCount[byCount.length - 1]!)
  cities.forEach((city, index) => {
    if (/[&<>"'\\]|[^\x20-\x7e]/.test(city.name) || index % 997 === 0) sample.add(city)
  })
  return sample
}

/** The routes of the check sample of a scope (checkSample), whose pages Astro renders in 'shells' mode. */
export function checkRoutes(citiesText: string, scope: BuildScope): Set<string> {
  const { cities, nearby } = placesOf(citiesText)
  const inScope = cities.filter((c) => !scope.states || scope.states.has(c.state.toLowerCase()))
  return new Set([...checkSample(inScope, nearby)].map((city) => city.route ?? ''))
}

/** The city pages a 'shells' build fills in (every routed place of the scope, each section). */
export function cityPages(citiesText: string, scope: BuildScope): Extract<SitePage, { kind: 'city' }>[] {
  const { cities, nearby } = placesOf(citiesText)
  const pages: Extract<SitePage, { kind: 'city' }>[] = []
  for (const locale of scope.locales)
    for (const city of cities)
      if (!scope.states || scope.states.has(city.state.toLowerCase())) pages.push(...sectionsOf(locale, city, nearby))
  return pages
}

function sectionsOf(locale: Locale, city: City, nearby: Map<City, City[]>): Extract<SitePage, { kind: 'city' }>[] {
  const props: CityProps = { ...link(city), lat: city.lat, lon: city.lon, timezone: city.timezone }
  const near = (nearby.get(city) ?? []).map(link)
  return SECTIONS.map((section) => {
    const path = section === 'weather' ? props.route : `${props.route}/${section}`
    return { kind: 'city', locale, path, section, city: props, nearby: near }
  })
}

/**
 * Every page of the site within a build scope: for each locale, each routed city's six sections,
 * the coordinate shells, the app pages, a 404 page and a home redirect page. In 'shells' mode the
 * city pages are one shell per language and section and the check sample (the build fills the rest).
 */
export function sitePages(citiesText: string, scope: BuildScope, mode: CityMode = 'all'): SitePage[] {
  const { cities, nearby } = placesOf(citiesText)
  const inScope = cities.filter((c) => !scope.states || scope.states.has(c.state.toLowerCase()))
  if (mode === 'shells') {
    const sample = checkSample(inScope, nearby)
    return sitePages(citiesText, { ...scope, states: new Set() }).concat(
      scope.locales.flatMap((locale) => [
        ...SECTIONS.map((section) => shellPage(locale, section)),
        ...[...sample].flatMap((city) => sectionsOf(locale, city, nearby)),
      ]),
    )
  }
  const units: [string, number][] = []
  for (const locale of scope.locales) {
    units.push([`${locale}:app`, 20])
    const perState = new Map<string, number>()
    for (const city of inScope) perState.set(city.state, (perState.get(city.state) ?? 0) + SECTIONS.length)
    for (const [state, size] of perState) units.push([`${locale}:${state}`, size])
  }
  const shardOf = assignShards(units, scope.shard.count)
  const mine = (unit: string): boolean => shardOf.get(unit) === scope.shard.index
  const pages: SitePage[] = []
  for (const locale of scope.locales) {
    if (mine(`${locale}:app`)) {
      for (const section of SECTIONS) pages.push({ kind: 'coord', locale, path: `z/shell/${section}`, section })
      for (const page of APP_PAGES) pages.push({ kind: 'app', locale, path: page, page })
      pages.push({ kind: 'notFound', locale, path: '404' }, { kind: 'home', locale, path: 'index' })
    }
    for (const city of inScope) if (mine(`${locale}:${city.state}`)) pages.push(...sectionsOf(locale, city, nearby))
  }
  return pages
}
