// Tells the data islands which point this page is about: the city's from the build, the URL's, or on plain /page the visitor's.
import { dashboardPoint } from '../dashboard/page-place.ts'
import { parsePoint } from '../geo.ts'
import { $dictionary } from '../stores/dictionary.ts'
import { $currentLocation } from '../stores/locations.ts'
import { $pagePoint, setPagePoint } from '../stores/place.ts'
import { $settings } from '../stores/settings.ts'
import { pagePlace } from './page.ts'

const head = document.querySelector<HTMLElement>('.page-head[data-lat]')
if (head) {
  const [lat, lon] = [Number(head.dataset['lat']), Number(head.dataset['lon'])]
  const name = head.querySelector('h1')?.textContent ?? null
  if (Number.isFinite(lat) && Number.isFinite(lon))
    setPagePoint({ lat, lon, timeZone: head.dataset['tz'] ?? null, name, route: head.dataset['route'] || null })
} else if (pagePlace?.kind === 'coord') {
  const point = parsePoint(pagePlace.lat, pagePlace.lon)
  if (point) setPagePoint({ ...point, timeZone: null, name: null, route: null })
} else if (document.body.dataset['section'] === 'page') {
  // Plain /page: the visitor's home, else their current location, else Duvall.
  setPagePoint(dashboardPoint($settings.get().homeLocation, $currentLocation.get()))
}

// On the weather page and the dashboard, start the data above the fold and the texts now, while React downloads.
if (['weather', 'page'].includes(document.body.dataset['section'] ?? '') && $pagePoint.get()) {
  $dictionary.listen(() => undefined)
  void import('../stores/weather/forecast.ts').then(({ forecast }) => forecast.$state.listen(() => undefined))
  void import('../stores/weather/alerts.ts').then(({ alerts }) => alerts.$state.listen(() => undefined))
}
