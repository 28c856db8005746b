// The GPS button: idle, loading, then the point's page for the current section, or a readable error.
import { loadDictionary } from '../../i18n/lazy.ts'
import { GEO_ERROR_KEYS, locate, type GeoError } from '../geolocation.ts'
import { coordPath } from '../routes.ts'
import { setCurrentLocation } from '../stores/index.ts'
import { pageLocale, pageSection } from './page.ts'

const button = document.getElementById('gps')
const status = document.getElementById('gps-status')

async function showError(error: GeoError): Promise<void> {
  if (!status) return
  const dictionary = await loadDictionary(pageLocale)
  const text = status.querySelector('span')
  if (text) text.textContent = dictionary[GEO_ERROR_KEYS[error]] ?? GEO_ERROR_KEYS[error]
  status.hidden = false
}

status?.querySelector('button')?.addEventListener('click', () => (status.hidden = true))

button?.addEventListener('click', () => {
  if (button.getAttribute('aria-busy') === 'true') return
  button.setAttribute('aria-busy', 'true')
  if (status) status.hidden = true
  void locate(navigator.geolocation).then((result) => {
    button.removeAttribute('aria-busy')
    if (!result.ok) return void showError(result.error)
    setCurrentLocation({
      method: 'geolocation',
      lat: result.lat,
      lon: result.lon,
      route: null,
      city: null,
      state: null,
      zip: null,
    })
    location.assign(coordPath(pageLocale, result.lat, result.lon, pageSection))
  })
})
