// The language the visitor chose decides where the site's own links go (the nav, the brand, the account
// line, search results), while the page itself stays in its URL's language.
import { linkLocale, swapLocale } from '../routing/locale-path.ts'
import type { Locale } from '../routing/routes.ts'
import { $chosenLanguage, $settings } from '../stores/settings.ts'
import { pageLocale, pageStaysInLanguage } from './page.ts'

/** The language the site's links lead to: the chosen one, except on error pages (they stay as served). */
export function siteLocale(): Locale {
  return pageStaysInLanguage ? pageLocale : linkLocale(pageLocale, $settings.get().language, $chosenLanguage.get())
}

const SITE_LINKS = '.side a[href^="/"], .tabs a[href^="/"], [data-account] a[href^="/"]'

/** Points the nav's links at the chosen language when it differs from the page's. */
export function localizeSiteLinks(): void {
  const to = siteLocale()
  if (to === pageLocale) return
  for (const link of document.querySelectorAll<HTMLAnchorElement>(SITE_LINKS)) {
    const href = link.getAttribute('href') ?? '/'
    if (!href.startsWith('//')) link.setAttribute('href', swapLocale(href, pageLocale, to))
  }
}
