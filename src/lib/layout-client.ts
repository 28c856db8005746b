// Wires the static layout: mobile search toggle, language links, GPS button and place links.
import { round2 } from './geo.ts'
import { isLocale, isSection, readPlacePath, coordPath, localePrefix, type Locale } from './routes.ts'
import { $selectedLocation, selectLocation } from './stores/location.ts'
import { setLanguage } from './stores/settings.ts'
import { hydrateIslands } from '../islands/hydrate.ts'

hydrateIslands()

const html = document.documentElement
const locale: Locale = isLocale(html.lang) ? html.lang : 'en'
const prefix = localePrefix(locale)
const ownPath = locale === 'en' ? location.pathname : location.pathname.slice(prefix.length)
const place = readPlacePath(ownPath)
const section = isSection(document.body.dataset['section']) ? document.body.dataset['section'] : 'weather'

const toggle = document.getElementById('search-toggle')
toggle?.addEventListener('click', () => {
  const open = document.body.classList.toggle('search-open')
  toggle.setAttribute('aria-expanded', String(open))
  if (open) document.querySelector<HTMLInputElement>('#search-panel input')?.focus()
})

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang]')) {
  link.addEventListener('click', () => {
    const lang = link.dataset['lang']
    if (isLocale(lang)) setLanguage(lang)
  })
}

/** Section links follow the page's own point, or on pages without a place the visitor's last one. */
function placeBase(): string | null {
  if (place?.kind === 'coord') return `${prefix}/z/${place.lat}/${place.lon}`
  if (place) return null
  const chosen = $selectedLocation.get()
  if (!chosen) return null
  return chosen.route ? `${prefix}/${chosen.route}` : coordPath(locale, chosen.lat, chosen.lon).replace(/\/$/, '')
}
const base = placeBase()
if (base) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-section]')) {
    const target = link.dataset['section']
    link.href = `${base}${target === 'weather' ? '' : `/${target}`}`
  }
}

const gps = document.getElementById('gps')
gps?.addEventListener('click', () => {
  if (!('geolocation' in navigator)) return void gps.setAttribute('data-error', 'unsupported')
  gps.setAttribute('aria-busy', 'true')
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => {
      const [lat, lon] = [round2(coords.latitude), round2(coords.longitude)]
      selectLocation({ method: 'geolocation', lat, lon, route: null, city: null, state: null, zip: null })
      location.assign(coordPath(locale, lat, lon, section))
    },
    (error) => {
      gps.removeAttribute('aria-busy')
      gps.setAttribute('data-error', String(error.code))
    },
    { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
  )
})
