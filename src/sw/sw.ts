/// <reference lib="webworker" />
// The service worker (docs/offline.md), bundled into /sw.js by scripts/lib/service-worker.ts after the
// build, with Workbox: the offline page, icons and this deploy's hashed assets precached; opened pages,
// live-sections answers and weather answers kept at run time, bounded; the offline page for a page
// never opened.
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core/types.js'
import { CACHES, LIMITS, SAVED_HEADER, isLiveCall, keptPath, liveKey, pageKey } from '../lib/offline/policy.ts'
// Web Push: notifications and their clicks (issue 24).
import './push.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }
/** The weather providers' origins, from the build's env (the CSP's connect-src list), set by the bundler. */
declare const PORCHLIGHT_PROVIDERS: string[]

/** Every kept answer carries the time it was saved, which the offline notice shows. */
const stamp: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null
    const headers = new Headers(response.headers)
    headers.set(SAVED_HEADER, String(Date.now()))
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers })
  },
}
/** Opened pages are kept by their path alone (policy.ts pageKey). */
const pageKeys: WorkboxPlugin = { cacheKeyWillBeUsed: ({ request }) => Promise.resolve(pageKey(request.url)) }
/** Live-sections calls are kept per place, without their timestamp. */
const liveKeys: WorkboxPlugin = { cacheKeyWillBeUsed: ({ request }) => Promise.resolve(liveKey(request.url)) }
// Workbox's own plugins are WorkboxPlugins; its types say otherwise under exactOptionalPropertyTypes.
const ok = new CacheableResponsePlugin({ statuses: [200] }) as unknown as WorkboxPlugin
const bounded = (maxEntries: number): WorkboxPlugin =>
  new ExpirationPlugin({ maxEntries, purgeOnQuotaError: true }) as unknown as WorkboxPlugin

/** This deploy's files: hashed assets go to the assets cache (kept across deploys), the rest is precached. */
const isAsset = (entry: string | PrecacheEntry): boolean => /^\/?_astro\//.test(typeof entry === 'string' ? entry : entry.url)
const entryUrl = (entry: string | PrecacheEntry): string => (typeof entry === 'string' ? entry : entry.url).replace(/^\/?/, '/')
const manifest = self.__WB_MANIFEST
precacheAndRoute(
  manifest
    .filter((entry) => !isAsset(entry))
    .map((entry) => (typeof entry === 'string' ? entryUrl(entry) : { ...entry, url: entryUrl(entry) })),
)
cleanupOutdatedCaches()
// The first visit's page comes under the worker at once, so its data is kept from then on. An update
// waits until every tab of the previous worker is closed (docs/offline.md, "Updates").
clientsClaim()

const assets = new CacheFirst({ cacheName: CACHES.assets, plugins: [ok, bounded(LIMITS.assets)] })
// Installing fetches this deploy's assets into the assets cache (those already there stay), so a kept
// page of this deploy opens offline, and a page of the previous deploy still finds its own.
self.addEventListener('install', (event) => {
  const urls = manifest.filter(isAsset).map(entryUrl)
  event.waitUntil(Promise.all(urls.map((url) => assets.handleAll({ event, request: new Request(url) })[1])))
})

// Opened pages: the network first (a page's HTML names the current deploy's assets), the kept copy offline.
const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: 6,
  plugins: [ok, pageKeys, stamp, bounded(LIMITS.pages)],
})
// The page that installed the worker was loaded before it: kept now, with the worker's first activation.
self.addEventListener('activate', (event) => {
  const keep = async (): Promise<void> => {
    for (const client of await self.clients.matchAll({ type: 'window' })) {
      const url = new URL(client.url)
      if (url.origin === self.location.origin && keptPath(url.pathname))
        await pages.handleAll({ event, request: new Request(url.pathname + url.search) })[1]
    }
  }
  event.waitUntil(keep().catch(() => undefined))
})
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && keptPath(url.pathname),
  pages,
)
// Hashed assets never change: from the cache, kept across deploys while a kept page may need them.
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/_astro/'), assets)
registerRoute(
  ({ url, request }) => request.method === 'GET' && isLiveCall(url),
  new NetworkFirst({ cacheName: CACHES.live, networkTimeoutSeconds: 10, plugins: [ok, liveKeys, stamp, bounded(LIMITS.live)] }),
)
registerRoute(
  ({ url }) => PORCHLIGHT_PROVIDERS.includes(url.origin),
  new NetworkFirst({ cacheName: CACHES.weather, networkTimeoutSeconds: 10, plugins: [ok, stamp, bounded(LIMITS.weather)] }),
)

// A page never opened, offline: the offline page, in the address's language (it reads the path itself).
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/offline.html')) ?? Response.error()
  return Response.error()
})
