// Section links follow the page's point, or on pages without a place the visitor's last one, and
// lead to the settings language; the Editor tab shows for admin and superadmin unless hidden in
// settings; user admin for them always; the account line (client/account.ts) loads once signed in.
import { coordPath } from '../routing/routes.ts'
import { showsEditorTab } from '../decode/editor-auth.ts'
import { decodeToken } from '../decode/token.ts'
import { $selectedLocation } from '../stores/locations.ts'
import { $authToken, $editorAuth } from '../stores/session.ts'
import { $settings } from '../stores/settings.ts'
import { pageLocale, pagePlace, pagePrefix } from './page.ts'
import { localizeSiteLinks } from './site-locale.ts'

function placeBase(): string | null {
  if (pagePlace?.kind === 'coord') return `${pagePrefix}/z/${pagePlace.lat}/${pagePlace.lon}`
  if (pagePlace) return null
  const chosen = $selectedLocation.get()
  if (!chosen) return null
  return chosen.route ? `${pagePrefix}/${chosen.route}` : coordPath(pageLocale, chosen.lat, chosen.lon)
}

const base = placeBase()
if (base) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-section]')) {
    const target = link.dataset['section']
    link.href = `${base}${target === 'weather' ? '' : `/${target}`}`
  }
}
localizeSiteLinks()

const showEditor = (): void => {
  const show = showsEditorTab($editorAuth.get(), $settings.get().hideEditorTab)
  for (const item of document.querySelectorAll<HTMLElement>('[data-staff]')) item.hidden = !show
}
$editorAuth.subscribe(showEditor)
$settings.subscribe(showEditor)

// The stored token's role decides (not the hide-editor-tab setting), so signing in or out shows or hides it.
const showAdmin = (): void => {
  const role = decodeToken($authToken.get(), Date.now())?.role
  const show = role === 'admin' || role === 'superadmin'
  for (const item of document.querySelectorAll<HTMLElement>('[data-admin-only]')) item.hidden = !show
}
$authToken.subscribe(showAdmin)

let accountLoaded = false
$authToken.subscribe((token) => {
  if (!token || accountLoaded) return
  accountLoaded = true
  void import('./account.ts')
})
