import { parseCities, type City } from './cities.ts'
import { assignShards, type BuildScope } from './build-scope.ts'
import { nearbyCities } from './nearby.ts'
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
 * Every page of the site within a build scope: for each locale, each routed city's six sections,
 * the coordinate shells, the app pages, a 404 page and a home redirect page.
 */
export function sitePages(citiesText: string, scope: BuildScope): SitePage[] {
  const { cities, nearby } = placesOf(citiesText)
  const inScope = cities.filter((c) => !scope.states || scope.states.has(c.state.toLowerCase()))
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
    for (const city of inScope) {
      if (!mine(`${locale}:${city.state}`)) continue
      const props: CityProps = { ...link(city), lat: city.lat, lon: city.lon, timezone: city.timezone }
      const near = (nearby.get(city) ?? []).map(link)
      for (const section of SECTIONS) {
        const path = section === 'weather' ? props.route : `${props.route}/${section}`
        pages.push({ kind: 'city', locale, path, section, city: props, nearby: near })
      }
    }
  }
  return pages
}
