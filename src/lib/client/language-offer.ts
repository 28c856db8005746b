// "View in {language}": one line, in the language it offers, in the slot at the top of the content that the head
// script reserved before first paint (no layout shift, nothing covered); the link saves that language (which moves
// the page), the button dismisses the offer and frees the slot.
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
  const remove = () => {
    bar.remove()
    document.documentElement.removeAttribute('data-offer')
  }
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
    remove()
  })
  bar.append(link, close)
  const slot = document.getElementById('lang-offer-slot')
  document.documentElement.setAttribute('data-offer', '')
  ;(slot ?? document.body).append(bar)

  // Another tab that dismisses it, or saves this page's language, takes it away here too.
  $dismissedOffer.listen(remove)
  $settings.listen(({ language }) => language === pageLocale && remove())
}

const offered = languageToOffer(pageLocale, $settings.get().language, $dismissedOffer.get())
if (offered) void showOffer(offered)
