// What the service worker keeps and how it names it (docs/offline.md). Pure: the service worker
// (src/sw/sw.ts), the page's offline notice and the offline page read the same rules.
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../routing/routes.ts'

/** The runtime caches: opened pages, the live sections' answers, the weather providers' answers, hashed assets. */
export const CACHES = {
  pages: 'porchlight-pages',
  live: 'porchlight-live',
  weather: 'porchlight-weather',
  assets: 'porchlight-assets',
} as const

/** How many entries each runtime cache keeps (the least recently used go first). */
export const LIMITS = { pages: 30, live: 40, weather: 120, assets: 300 } as const

/** The header the service worker adds to every answer it keeps: when it was saved, in ms since 1970. */
export const SAVED_HEADER = 'x-porchlight-saved'

/** Paths never kept: staff pages, sign-in and reset links (tokens), the widget (framed elsewhere), the offline page itself. */
const NOT_KEPT = new RegExp(
  `^(\\/(${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')}))?\\/(editor|login|reset|auth|embed|offline)(\\/|$|\\.)`,
)

/**
 * Whether an opened page of this site is kept for offline use.
 * @example keptPath('/wa/duvall/statuses') // true
 * @example keptPath('/es/editor') // false
 */
export function keptPath(pathname: string): boolean {
  return !NOT_KEPT.test(pathname)
}

/**
 * The cache key of a live-sections call: its URL without the `_t` timestamp, so each place keeps one
 * answer (src/lib/api/reaction.ts adds `_t` to every call).
 * @example liveKey('https://api.example/api/reaction?lat=47.74&lon=-121.99&_t=1') // 'https://api.example/api/reaction?lat=47.74&lon=-121.99'
 */
export function liveKey(url: string): string {
  const parsed = new URL(url)
  parsed.searchParams.delete('_t')
  return parsed.href
}

/**
 * The cache key of an opened page: its address without query or fragment. Kept pages are static and read no query
 * (the widget, which does, is not kept), so '/wa/duvall?x=1', '?x=2', … are one page, and junk-query links cannot push
 * the visitor's kept pages out of the 30 the cache holds.
 * @example pageKey('https://porchlight.example/wa/duvall?utm=1#x') // 'https://porchlight.example/wa/duvall'
 */
export function pageKey(url: string): string {
  const parsed = new URL(url)
  return parsed.origin + parsed.pathname
}

/** Whether a URL is the live-sections call (any API origin). */
export const isLiveCall = (url: URL): boolean => url.pathname.endsWith('/api/reaction')

/** A kept page: where it is and when it was saved. */
export type KeptPage = { url: string; title: string; savedAt: number }

/**
 * The kept pages as the offline page lists them: newest first, each address once, the site's name
 * cut from the title (`Duvall, WA statuses: … | Porchlight`), the path when there is no title.
 * @example keptPlaces([{ url: 'https://p.example/wa/duvall', title: 'Duvall | Porchlight', savedAt: 1 }])[0].title // 'Duvall'
 */
export function keptPlaces(pages: KeptPage[]): KeptPage[] {
  const seen = new Set<string>()
  const out: KeptPage[] = []
  for (const page of [...pages].sort((a, b) => b.savedAt - a.savedAt)) {
    if (seen.has(page.url)) continue
    seen.add(page.url)
    out.push({ ...page, title: page.title.replace(/\s*\|[^|]*$/, '').trim() || new URL(page.url).pathname })
  }
  return out
}

/**
 * A page's language from its path (`/es/wa/duvall` → 'es'), for the offline page, which is served at any address.
 * @example pathLocale('/ja/wa/duvall') // 'ja'
 */
export function pathLocale(pathname: string): Locale {
  const first = pathname.split('/')[1]
  return isLocale(first) ? first : 'en'
}

/**
 * "7:42 AM" (or the language's own form) for a saved time, in the place's time zone when known.
 * @example savedTime(Date.UTC(2026, 0, 1, 15, 42), 'en', 'America/Los_Angeles') // '7:42 AM'
 */
export function savedTime(savedAt: number, locale: Locale, timeZone: string | null = null, now = Date.now()): string {
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }
  // Older than a day: the date too.
  if (now - savedAt > 20 * 3_600_000) Object.assign(options, { month: 'short', day: 'numeric' })
  return new Intl.DateTimeFormat(locale, options).format(savedAt)
}

/** A live-sections answer kept for a point: the call's query matches the page's point (2 decimals) or route. */
export function liveCallFor(url: string, point: { lat: number; lon: number; route: string | null }): boolean {
  const parsed = new URL(url)
  if (!isLiveCall(parsed)) return false
  const route = parsed.searchParams.get('route')
  if (point.route && route) return route === point.route
  return parsed.searchParams.get('lat') === point.lat.toFixed(2) && parsed.searchParams.get('lon') === point.lon.toFixed(2)
}

/** A weather provider's answer for a point: providers take `latitude`/`longitude` (Open-Meteo) or `point=lat,lon` (NWS). */
export function weatherCallFor(url: string, point: { lat: number; lon: number }): boolean {
  const query = new URL(url).searchParams
  const near = (a: string | null, b: number): boolean => a !== null && Math.abs(Number(a) - b) < 0.01
  const [plat, plon] = (query.get('point') ?? '').split(',')
  return (
    (near(query.get('latitude'), point.lat) && near(query.get('longitude'), point.lon)) ||
    (near(plat ?? null, point.lat) && near(plon ?? null, point.lon))
  )
}
