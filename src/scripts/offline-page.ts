// The offline page's script: its texts in the address's language, and the pages kept on this device.
import { onBackOnline } from '../lib/offline/back-online.ts'
import { CACHES, SAVED_HEADER, keptPlaces, pathLocale, savedTime, type KeptPage } from '../lib/offline/policy.ts'

const locale = pathLocale(location.pathname)
const all = JSON.parse(document.getElementById('offline-texts')?.textContent ?? '{}') as Record<string, Record<string, string>>
const texts = all[locale] ?? all['en'] ?? {}
document.documentElement.lang = locale
for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
  const text = texts[element.dataset['text'] ?? '']
  if (text) element.textContent = text
}
if (texts['offline.title']) document.title = texts['offline.title']

document.getElementById('offline-retry')?.addEventListener('click', () => location.reload())
// The way back: the page the visitor came from (when there is one), and the home page in the address's language.
const back = document.getElementById('offline-back')
if (history.length > 1) back?.removeAttribute('hidden')
back?.addEventListener('click', () => history.back())
document.getElementById('offline-home')?.setAttribute('href', locale === 'en' ? '/' : `/${locale}`)
document.querySelector('.offline .brand')?.setAttribute('href', locale === 'en' ? '/' : `/${locale}`)
// Back online: the page the visitor asked for. Not while it is leaving for another page: a reload would
// cancel that navigation.
let leaving = false
addEventListener('beforeunload', () => (leaving = true))
addEventListener('pageshow', () => (leaving = false))
onBackOnline(() => leaving || location.reload())

const zones = new Map<string, string>()

async function keptPages(): Promise<KeptPage[]> {
  if (!('caches' in window)) return []
  const cache = await caches.open(CACHES.pages)
  const pages: KeptPage[] = []
  for (const request of await cache.keys()) {
    const response = await cache.match(request)
    if (!response) continue
    const html = await response.text()
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
    const decoded = new DOMParser().parseFromString(title, 'text/html').documentElement.textContent ?? title
    pages.push({ url: request.url, title: decoded, savedAt: Number(response.headers.get(SAVED_HEADER)) || 0 })
    // The place's time zone, as its page carries it: the saved time reads as the page's own notice says it.
    const zone = /data-tz="([^"]+)"/.exec(html)?.[1]
    if (zone) zones.set(request.url, zone)
  }
  return keptPlaces(pages)
}

void keptPages().then((pages) => {
  const list = document.getElementById('offline-kept')
  if (!list) return
  document.getElementById('offline-none')?.toggleAttribute('hidden', pages.length > 0)
  for (const page of pages) {
    const item = document.createElement('li')
    const link = document.createElement('a')
    link.href = new URL(page.url).pathname
    link.textContent = page.title
    item.append(link)
    if (page.savedAt) {
      const when = document.createElement('small')
      when.textContent = savedTime(page.savedAt, locale, zones.get(page.url) ?? null)
      item.append(when)
    }
    list.append(item)
  }
})
