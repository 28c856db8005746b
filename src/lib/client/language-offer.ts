// "View in {language}": one line, in the language it offers, floating over the page (no layout
// shift); the link saves that language (which moves the page), the button dismisses the offer.
import { loadOfferTexts } from '../../i18n/lazy.ts'
import { languageToOffer, swapLocale } from '../routing/locale-path.ts'
import { $dismissedOffer, dismissLanguageOffer } from '../stores/language-offer.ts'
import { $settings, setLanguage } from '../stores/settings.ts'
import type { Locale } from '../routing/routes.ts'
import { pageLocale } from './page.ts'

async function showOffer(offered: Locale): Promise<void> {
  const text = await loadOfferTexts(offered)
  const bar = document.createElement('div')
  bar.className = 'lang-offer'
  bar.id = 'language-offer'
  bar.lang = offered
  const link = document.createElement('a')
  link.href = `${swapLocale(location.pathname, pageLocale, offered)}${location.search}${location.hash}`
  link.hreflang = offered
  link.textContent = text['language.viewInThis'] ?? ''
  link.addEventListener('click', (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    setLanguage(offered)
    location.assign(link.href)
  })
  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'icon-btn'
  close.textContent = '×'
  close.setAttribute('aria-label', text['geo.dismiss'] ?? '×')
  close.addEventListener('click', () => {
    dismissLanguageOffer(pageLocale, offered)
    bar.remove()
  })
  bar.append(link, close)
  document.body.append(bar)
  // Another tab that dismisses it, or saves this page's language, takes it away here too.
  $dismissedOffer.listen(() => bar.remove())
  $settings.listen(({ language }) => language === pageLocale && bar.remove())
}

const offered = languageToOffer(pageLocale, $settings.get().language, $dismissedOffer.get())
if (offered) void showOffer(offered)
