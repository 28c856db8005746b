// The notice of a kept page shown offline (docs/offline.md): "Offline · statuses as of 7:42 AM", from
// the time the service worker saved the answer the page shows. Loads only when the connection is gone.
import { fill } from '../fill.ts'
import { onBackOnline } from '../offline/back-online.ts'
import { CACHES, SAVED_HEADER, liveCallFor, savedTime, weatherCallFor } from '../offline/policy.ts'
import { pageLang } from '../page-lang.ts'
import { $dictionary } from '../stores/dictionary.ts'
import { $pagePoint } from '../stores/place.ts'
import '../../styles/offline.css'

/** The newest saved time of the entries of a cache whose URL matches. */
async function newest(name: string, match: (url: string) => boolean): Promise<number | null> {
  if (!('caches' in window) || !(await caches.has(name))) return null
  const cache = await caches.open(name)
  let best: number | null = null
  for (const request of await cache.keys()) {
    if (!match(request.url)) continue
    const saved = Number((await cache.match(request))?.headers.get(SAVED_HEADER))
    if (saved && (best === null || saved > best)) best = saved
  }
  return best
}

/** The sections whose data is the live-sections call (the dashboard shows it too). */
const LIVE_SECTIONS = ['statuses', 'cameras', 'roads', 'local', 'page']

/** What the page shows and when it was saved: the live sections, the weather, else the page itself. */
async function saved(): Promise<{ key: string; at: number } | null> {
  const point = $pagePoint.get()
  const section = document.body.dataset['section']
  if (point && section === 'weather') {
    const at = await newest(CACHES.weather, (url) => weatherCallFor(url, point))
    if (at) return { key: 'offline.weatherAsOf', at }
  } else if (point && section && LIVE_SECTIONS.includes(section)) {
    const at = await newest(CACHES.live, (url) => liveCallFor(url, point))
    if (at) return { key: 'offline.statusesAsOf', at }
  }
  const at = await newest(CACHES.pages, (url) => url === location.href.split('#')[0])
  return at ? { key: 'offline.pageAsOf', at } : null
}

let notice: HTMLElement | null = null

async function show(): Promise<void> {
  const found = await saved()
  const texts = $dictionary.get()
  if (!found || !texts || navigator.onLine) return
  notice ??= document.createElement('p')
  notice.id = 'offline-notice'
  notice.className = 'offline-notice'
  notice.setAttribute('role', 'status')
  notice.textContent = fill(texts[found.key] ?? found.key, {
    time: savedTime(found.at, pageLang(), $pagePoint.get()?.timeZone ?? null),
  })
  if (!notice.isConnected) document.getElementById('alert-banner')?.before(notice)
}

$dictionary.subscribe((texts) => void (texts && !navigator.onLine && show()))
addEventListener('offline', () => void show())
onBackOnline(() => notice?.remove())
