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

/**
 * The language the visitor chose themselves, when it is still the saved one; null while it is only detected
 * from the browser (offered, never followed).
 * @example chosenLocale('es', 'es') // 'es'
 */
export function chosenLocale(saved: unknown, chosen: unknown): Locale | null {
  return isLocale(saved) && chosen === saved ? saved : null
}

/**
 * Where the site's own links (nav, brand, search results) lead: the visitor's language once they chose it
 * (in Settings, the footer menu or the offer), else this page's. A language only detected from the browser
 * is offered, never followed: a Spanish browser reading /wa/duvall stays in English until it says otherwise.
 * @example linkLocale('en', 'es', null) // 'en'
 * @example linkLocale('en', 'es', 'es') // 'es'
 */
export function linkLocale(page: Locale, saved: unknown, chosen: unknown): Locale {
  return chosenLocale(saved, chosen) ?? page
}
