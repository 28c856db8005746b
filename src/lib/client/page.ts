import { pageLang } from '../page-lang.ts'
import { isSection, localePrefix, readPlacePath, type Locale } from '../routing/routes.ts'

/** What the static page says about itself: language, path without the locale prefix, section. */
const html = document.documentElement
export const pageLocale: Locale = pageLang()
export const pagePrefix = localePrefix(pageLocale)
export const pagePath = pageLocale === 'en' ? location.pathname : location.pathname.slice(pagePrefix.length) || '/'
export const pagePlace = readPlacePath(pagePath)
const bodySection = document.body.dataset['section']
export const pageSection = isSection(bodySection) ? bodySection : 'weather'
/** Error pages answer at any URL and must stay in the language they were served in. */
export const pageStaysInLanguage = html.hasAttribute('data-no-lang')
