import { isLocale, localePrefix, type Locale } from './routes.ts'

/**
 * The same site path in another language: this page's prefix comes off (only when this page has
 * one, so the English page's /de/dover stays Delaware), the target language's goes on.
 * @example swapLocale('/de/de/dover/roads', 'de', 'es') // '/es/de/dover/roads'
 * @example swapLocale('/ja', 'ja', 'en') // '/'
 */
export function swapLocale(path: string, from: Locale, to: Locale): string {
  let bare = path
  if (from !== 'en' && (path === `/${from}` || path.startsWith(`/${from}/`))) bare = path.slice(from.length + 1) || '/'
  if (to === 'en') return bare
  return bare === '/' ? localePrefix(to) : `${localePrefix(to)}${bare}`
}

/**
 * The language to offer on a page: the saved (or detected) one when it differs from the page's
 * and the visitor has not dismissed that offer; null otherwise. The URL's language always wins.
 * @example languageToOffer('ja', 'en', null) // 'en'
 */
export function languageToOffer(page: Locale, saved: unknown, dismissed: string | null): Locale | null {
  if (!isLocale(saved) || saved === page) return null
  return dismissed === offerKey(page, saved) ? null : saved
}

/** What a dismissal remembers: this page language and the offered one ('ja>en'). */
export const offerKey = (page: Locale, offered: Locale): string => `${page}>${offered}`
