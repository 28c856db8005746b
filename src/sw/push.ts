/// <reference lib="webworker" />
// Web Push in the service worker (issue 24): a message from the API (server/notify/message.ts) shows as a notification;
// a click focuses a tab of the site at the item's page, or opens one. Imported by sw.ts.
declare const self: ServiceWorkerGlobalScope

export type PushPayload = { title: string; body: string; url: string; tag: string; lang: string }

/** The notification a payload makes; null for anything else (pushes are untrusted bytes until read). */
export function readPayload(text: string | null | undefined): PushPayload | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<PushPayload>
    if (typeof value.title !== 'string' || typeof value.url !== 'string') return null
    const given = new URL(value.url, self.location.origin)
    // Only the site's own pages open from a notification; another address opens the home page.
    const url = given.origin === self.location.origin ? given : new URL('/', self.location.origin)
    return {
      title: value.title.slice(0, 200),
      body: typeof value.body === 'string' ? value.body.slice(0, 500) : '',
      url: url.href,
      tag: typeof value.tag === 'string' ? value.tag.slice(0, 100) : 'porchlight',
      lang: typeof value.lang === 'string' ? value.lang.slice(0, 5) : 'en',
    }
  } catch {
    return null
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data?.text())
  if (!payload) return
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      lang: payload.lang,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/'
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin)
      if (tab) {
        await tab.focus()
        await tab.navigate(url)
        return
      }
      await self.clients.openWindow(url)
    })(),
  )
})
