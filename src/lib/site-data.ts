import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { citiesFile, readScope } from './build-scope.ts'
import { cityPages, sitePages, type SitePage } from './site-pages.ts'
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

/**
 * The URLs of the city pages the build fills in after Astro (none unless BUILD_CITY_PAGES=shells),
 * for the sitemap, which otherwise lists only the pages Astro rendered.
 * @example filledPageUrls('https://porchlight.example') // ['https://porchlight.example/wa/duvall', …]
 */
export function filledPageUrls(site: string): string[] {
  if (!fillsCities()) return []
  const origin = site.replace(/\/$/, '')
  return cityPages(citiesText(), readScope(process.env)).map((page) => `${origin}${localePrefix(page.locale)}/${page.path}`)
}

/** Astro's rest parameter for a page: locale prefix plus path, undefined for the English home page. */
export function pageParam(page: SitePage): string | undefined {
  const prefix = localePrefix(page.locale).slice(1)
  if (page.kind === 'home') return prefix || undefined
  return prefix ? `${prefix}/${page.path}` : page.path
}
