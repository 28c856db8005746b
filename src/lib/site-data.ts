import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { readScope } from './build-scope.ts'
import { sitePages, type SitePage } from './site-pages.ts'
import { localePrefix } from './routes.ts'

/** Build-time only: the pages of this build's scope, read once per process. */
let cached: SitePage[] | null = null

export function buildPages(): SitePage[] {
  if (!cached) {
    const text = readFileSync(resolve(process.cwd(), 'public/data/cities.txt'), 'utf8')
    cached = sitePages(text, readScope(process.env))
  }
  return cached
}

/** Astro's rest parameter for a page: locale prefix plus path, undefined for the English home page. */
export function pageParam(page: SitePage): string | undefined {
  const prefix = localePrefix(page.locale).slice(1)
  if (page.kind === 'home') return prefix || undefined
  return prefix ? `${prefix}/${page.path}` : page.path
}
