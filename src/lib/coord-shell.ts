// Fills a coordinate shell from its URL: the point named by its nearest city within 50 km, or an error state.
import { fill } from './fill.ts'
import { parsePoint } from './geo.ts'
import { pageLang } from './page-lang.ts'
import { readPlacePath } from './routing/routes.ts'
import { nearestPlace } from './stores/cities.ts'
import { setPageTimeZone } from './stores/place.ts'

const head = document.getElementById('point-head')
const lang = pageLang()
const path = lang === 'en' ? location.pathname : location.pathname.slice(lang.length + 1)
const place = readPlacePath(path)
const point = place?.kind === 'coord' ? parsePoint(place.lat, place.lon) : null

if (!point || !head) {
  document.getElementById('point-error')?.removeAttribute('hidden')
  document.getElementById('point-body')?.setAttribute('hidden', '')
} else {
  const title = fill(head.dataset['title'] ?? '', { lat: point.lat.toFixed(2), lon: point.lon.toFixed(2) })
  const section = document.querySelector('.top-page')?.textContent ?? ''
  document.getElementById('point-title')!.textContent = title
  document.getElementById('place-name')!.textContent = title
  document.title = `${title} · ${section} | ${head.dataset['site'] ?? ''}`
  // The point's cell of the nearest-place index, not the whole city file (src/lib/near-index.ts).
  // Named by its nearest place ("Near Seattle, WA"), the point's numbers under it: what a visitor who
  // pressed the GPS button recognises. The heading keeps one line (global.css), so nothing moves.
  void nearestPlace(point.lat, point.lon).then((city) => {
    if (!city) return
    const near = fill(head.dataset['near'] ?? '', { city: `${city.name}, ${city.state}` })
    document.getElementById('point-title')!.textContent = near
    document.getElementById('point-near')!.textContent = title
    document.getElementById('place-name')!.textContent = `${city.name}, ${city.state}`
    document.title = `${near} · ${section} | ${head.dataset['site'] ?? ''}`
    setPageTimeZone(city.timezone, `${city.name}, ${city.state}`)
  })
}
