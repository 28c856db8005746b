// Moves the page to the visitor's language when it changes here or in another tab.
import { localePrefix } from '../routes.ts'
import { $settings } from '../stores/settings.ts'
import { pageLocale, pagePath, pageStaysInLanguage } from './page.ts'

$settings.listen(({ language }) => {
  if (language === pageLocale || pageStaysInLanguage) return
  const path = pagePath === '/' && language !== 'en' ? '' : pagePath
  location.replace(`${localePrefix(language)}${path}${location.search}${location.hash}`)
})
