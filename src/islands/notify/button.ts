// "Notify me" beside the pin button of a place page: pressed while this browser follows the place; a click opens the
// dialog. Loaded by the layout script only where the button is, and kept small: the stored list is read raw here, and
// the store, the client and the dialog load with the first click. A map point's page (/z/<lat>/<lon>) follows the
// point by its key ('z/47.74/-121.99', pointKey).
import { pageLocale, pagePlace } from '../../lib/client/page.ts'
import { parsePoint, pointKey } from '../../lib/geo.ts'

const button = document.getElementById('notify')
const head = button?.closest<HTMLElement>('.page-head')
const point = pagePlace?.kind === 'coord' ? parsePoint(pagePlace.lat, pagePlace.lon) : null
const route = head?.dataset['route'] ?? (point ? pointKey(point.lat, point.lon) : undefined)

/** Whether the kept subscription (src/lib/notify/client.ts, 'porchlight:notify') follows this place. */
function followsHere(raw: string | null): boolean {
  try {
    const saved = JSON.parse(raw ?? 'null') as { places?: { place?: unknown }[] } | null
    return Array.isArray(saved?.places) && saved.places.some((entry) => entry.place === route)
  } catch {
    return false
  }
}

if (button && head && route) {
  const labels = { false: button.textContent.trim(), true: button.dataset['on'] ?? '' }
  const show = (on: boolean) => {
    button.setAttribute('aria-pressed', String(on))
    button.textContent = (on ? labels.true : labels.false) || labels.false
  }
  const stored = () => {
    try {
      return localStorage.getItem('porchlight:notify')
    } catch {
      return null
    }
  }
  show(followsHere(stored()))
  window.addEventListener(
    'storage',
    (event: StorageEvent) => event.key === 'porchlight:notify' && show(followsHere(event.newValue)),
  )
  button.hidden = false
  button.addEventListener('click', () => {
    const name = head.querySelector('h1')?.textContent.trim() ?? route
    void import('./mount.tsx').then(async ({ openNotifyDialog }) => {
      const { $notify, followed } = await import('../../lib/notify/client.ts')
      $notify.subscribe((saved) => show(followed(saved, route) !== null))
      await openNotifyDialog(route, name, pageLocale)
    })
  })
}
