// Wires the static layout of every page: islands, theme, language, nav, GPS button, search toggle.
// First: an owner link's key leaves the address bar before anything reads the URL.
import '../lib/client/owner-key.ts'
import { hydrateIslands } from '../islands/hydrate.ts'
import '../lib/client/gps.ts'
import '../lib/client/language.ts'
import '../lib/client/nav.ts'
import '../lib/client/page-point.ts'
import '../lib/client/pin.ts'
import '../lib/client/theme.ts'
import '../lib/client/visit.ts'
import { isLocale } from '../lib/routing/routes.ts'
import { $pagePoint } from '../lib/stores/place.ts'
import { $authToken } from '../lib/stores/session.ts'
import { $editRequest } from '../lib/stores/editor.ts'
import { $settings, $theme, setLanguage } from '../lib/stores/settings.ts'
import { startTelemetry } from '../lib/client/telemetry.ts'

// Usage telemetry (when the build configures it and the browser allows it) records from here on;
// its SDK loads once the page is interactive. The build replaces this variable with its value, so
// without a connection string the loader is not even in the bundle.
if (import.meta.env.PUBLIC_APPINSIGHTS_CONNECTION_STRING) startTelemetry()
hydrateIslands()
// The installed app's start opens the last place (the head script hid the page until then).
if (/[?&]source=pwa/.test(location.search))
  void import('../lib/client/app-start.ts').catch(() => document.documentElement.removeAttribute('data-resolving'))
// "Notify me" on place pages (issue 24), loaded only where the button is.
if (document.getElementById('notify')) void import('../islands/notify/button.ts')
if ($settings.get().useCurrentLocation) void import('../lib/client/current-location.ts')
// A stored token is checked at start (SPEC section 4) and refreshed before it expires.
if ($authToken.get()) void import('../lib/stores/auth.ts').then(({ restoreSession }) => restoreSession())
// The banner and badges fetch the live sections for the page's point, once the page has settled.
if ($pagePoint.get()) {
  const load = (): void => void import('../lib/client/live.ts')
  if ('requestIdleCallback' in window) requestIdleCallback(load)
  else setTimeout(load, 200)
}

// Offline use (docs/offline.md): the service worker registers once the page has loaded, so it costs a
// first visit nothing before then; the notice of a kept page's age loads only when the connection is gone.
// `npm start` registers a worker of Web Push alone (src/sw/push.ts through the dev server), so Notify me works
// there; offline use needs the built worker (`npm run start:built`, README).
if (import.meta.env.DEV && 'serviceWorker' in navigator)
  void navigator.serviceWorker.register('/sw.js', { type: 'module' }).catch(() => undefined)
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = (): void => void navigator.serviceWorker.register('/sw.js').catch(() => undefined)
  if (document.readyState === 'complete') register()
  else addEventListener('load', register, { once: true })
  // The browser's bar takes the visitor's theme (the manifest names the default one).
  const bar = document.querySelector('meta[name="theme-color"]')
  const paint = (): void =>
    void requestAnimationFrame(() => bar?.setAttribute('content', getComputedStyle(document.body).backgroundColor))
  $theme.subscribe(paint)
  $settings.listen(paint)
  const notice = (): void => void import('../lib/client/offline-notice.ts')
  if (!navigator.onLine) notice()
  else addEventListener('offline', notice, { once: true })
}

// The edit dialog's code loads with the first item opened for editing, never before.
const stopEditorWatch = $editRequest.listen((request) => {
  if (!request) return
  stopEditorWatch()
  void import('./edit-dialog.ts')
})

// The assistant's code loads with its first opening, never before.
document
  .getElementById('assistant-toggle')
  ?.addEventListener('click', () => void import('./assistant.ts').then(({ toggleAssistant }) => toggleAssistant()))

const toggle = document.getElementById('search-toggle')
toggle?.addEventListener('click', () => {
  const open = document.body.classList.toggle('search-open')
  toggle.setAttribute('aria-expanded', String(open))
  if (open) document.querySelector<HTMLInputElement>('#search-panel input')?.focus()
})

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang]')) {
  link.addEventListener('click', (event) => {
    const lang = link.dataset['lang']
    if (!isLocale(lang) || event.metaKey || event.ctrlKey || event.shiftKey) return
    // Saving the language moves the page (client/language.ts), in this tab and every other.
    event.preventDefault()
    setLanguage(lang)
  })
}
