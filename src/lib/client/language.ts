// The URL's language wins: a page never moves by itself. When the saved (or detected) language
// differs, one dismissible line offers it (client/language-offer.ts); changing the language in
// the settings or the footer menu, here or in another tab, moves the page.
import { languageToOffer, swapLocale } from '../routing/locale-path.ts'
import { $dismissedOffer } from '../stores/language-offer.ts'
import { $settings } from '../stores/settings.ts'
import { pageLocale, pageStaysInLanguage } from './page.ts'

let language = $settings.get().language
$settings.listen((settings) => {
  // Only a change of the language itself moves the page (not a theme change while the offer shows).
  if (settings.language === language) return
  language = settings.language
  if (language === pageLocale || pageStaysInLanguage) return
  location.replace(`${swapLocale(location.pathname, pageLocale, language)}${location.search}${location.hash}`)
})

if (!pageStaysInLanguage && languageToOffer(pageLocale, language, $dismissedOffer.get())) void import('./language-offer.ts')
