// The installed app's start (public/manifest.webmanifest: /wa/duvall?source=pwa, the head script hides the page):
// opens the visitor's last place (the newest recent place, else the chosen one) in the same section and the language
// they chose; without one, the default place shows, its address cleaned. Loaded only for that start.
import { cityPath, coordPath } from '../routing/routes.ts'
import { linkLocale } from '../routing/locale-path.ts'
import { $recentLocations, $selectedLocation } from '../stores/locations.ts'
import { $chosenLanguage, $settings } from '../stores/settings.ts'
import { pageLocale, pagePlace } from './page.ts'

const last = $recentLocations.get()[0] ?? $selectedLocation.get()
const section = pagePlace?.section ?? 'weather'
const locale = linkLocale(pageLocale, $settings.get().language, $chosenLanguage.get())
const target = last ? (last.route ? cityPath(locale, last.route, section) : coordPath(locale, last.lat, last.lon, section)) : null
if (target && target !== location.pathname) location.replace(target)
else {
  history.replaceState(history.state, '', location.pathname + location.hash)
  document.documentElement.removeAttribute('data-resolving')
}
