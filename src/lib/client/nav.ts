// Section links follow the page's point, or on pages without a place the visitor's last one;
// the Editor tab shows for admin and superadmin unless hidden in settings.
import { coordPath } from '../routes.ts'
import { showsEditorTab } from '../state/auth.ts'
import { $selectedLocation } from '../stores/locations.ts'
import { $editorAuth } from '../stores/session.ts'
import { $settings } from '../stores/settings.ts'
import { pageLocale, pagePlace, pagePrefix } from './page.ts'

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

const showEditor = (): void => {
  const show = showsEditorTab($editorAuth.get(), $settings.get().hideEditorTab)
  for (const item of document.querySelectorAll<HTMLElement>('[data-staff]')) item.hidden = !show
}
$editorAuth.subscribe(showEditor)
$settings.subscribe(showEditor)
