// Records a visit to a city page in the recent locations (when the visitor keeps recent places).
import { visitLocation } from '../stores/locations.ts'
import { $settings } from '../stores/settings.ts'

const head = document.querySelector<HTMLElement>('.page-head[data-route]')
const lat = Number(head?.dataset['lat'])
const lon = Number(head?.dataset['lon'])
const [city, state] = (head?.querySelector('h1')?.textContent ?? '').split(', ')
// The installed app's start is not a visit: it reads the last place first (client/app-start.ts).
const starting = /[?&]source=pwa/.test(location.search)
if (head && Number.isFinite(lat) && Number.isFinite(lon) && $settings.get().useRecentLocation && !starting)
  visitLocation({
    method: 'selected',
    lat,
    lon,
    route: head.dataset['route'] ?? null,
    city: city ?? null,
    state: state ?? null,
    zip: null,
  })
