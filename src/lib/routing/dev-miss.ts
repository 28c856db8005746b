// `npm start` serves the site with Astro's dev server, which answers a path it has no page for with its
// own 404 page. The static hosts answer with the site's 404 page (lower-cased redirects, nearest names):
// this picks that page for the dev server too. Build-time and dev-only; no browser code.
import { LOCALES, localePrefix, type Locale } from './routes.ts'

/** Requests that are not pages: Vite's and Astro's own, source and package files, anything with an extension. */
const NOT_A_PAGE = /^\/(@|_|src\/|node_modules\/)|\.[a-z0-9]+$/i

/**
 * The site's 404 page for a page path the dev server does not have, in the path's language; null for a
 * page it has and for anything that is not a page request.
 * @example devMissPage('/es/wa/nowhere', known) // '/es/404.html'
 */
export function devMissPage(pathname: string, known: ReadonlySet<string>): string | null {
  if (NOT_A_PAGE.test(pathname)) return null
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (known.has(path)) return null
  const locale = LOCALES.find((l): l is Locale => l !== 'en' && (path === `/${l}` || path.startsWith(`/${l}/`))) ?? 'en'
  // '/404' itself is Astro's own in dev; the page's file name reaches the site's.
  return `${localePrefix(locale)}/404.html`
}

/**
 * The paths of the pages with files of their own, from Astro's resolved routes: a route without parameters as it is,
 * '/[locale]/widget' once per language but English (which has no prefix); other dynamic routes are the build's list.
 * @example ownPagePaths([{ type: 'page', pathname: '/widget', pattern: '/widget' }]) // ['/widget']
 */
export function ownPagePaths(routes: readonly { type: string; pathname?: string | undefined; pattern: string }[]): string[] {
  return routes.flatMap((route) => {
    if (route.type !== 'page') return []
    if (route.pathname) return [route.pathname]
    const rest = /^\/\[locale\](\/[^[]*)$/.exec(route.pattern)?.[1]
    return rest ? LOCALES.filter((locale) => locale !== 'en').map((locale) => `/${locale}${rest}`) : []
  })
}
