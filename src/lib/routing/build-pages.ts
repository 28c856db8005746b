import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { citiesFile, readScope } from './build-scope.ts'
import { sitePages, type SitePage } from './page-list.ts'
import { localePrefix } from './routes.ts'

/** Build-time only: the pages of this build's scope, read once per process. */
let cached: SitePage[] | null = null

const citiesText = (): string => readFileSync(resolve(process.cwd(), citiesFile(process.env)), 'utf8')
/** scripts/build.ts sets BUILD_CITY_PAGES=shells when it fills the city pages in itself (page-fill.ts). */
const fillsCities = (): boolean => process.env['BUILD_CITY_PAGES'] === 'shells'

export function buildPages(): SitePage[] {
  cached ??= sitePages(citiesText(), readScope(process.env), fillsCities() ? 'shells' : 'all')
  return cached
}

/** Astro's rest parameter for a page: locale prefix plus path, undefined for the English home page. */
export function pageParam(page: SitePage): string | undefined {
  const prefix = localePrefix(page.locale).slice(1)
  if (page.kind === 'home') return prefix || undefined
  return prefix ? `${prefix}/${page.path}` : page.path
}
