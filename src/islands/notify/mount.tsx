// Opens the notification dialog over the page (loaded on the first click of "Notify me" or "Change" in Settings).
import { createRoot, type Root } from 'react-dom/client'
import { loadDictionary } from '../../i18n/lazy.ts'
import type { Locale } from '../../lib/routing/routes.ts'
import '../../styles/notify.css'
import { NotifyDialog } from './NotifyDialog.tsx'

let root: Root | null = null

export async function openNotifyDialog(place: string, placeName: string, locale: Locale) {
  // Its own texts are not in the page's visitor part (src/i18n/parts.ts, LATER_PREFIXES).
  const texts = await loadDictionary(locale, ['visitor', 'later'])
  if (!root) {
    const host = document.createElement('div')
    host.id = 'notify-dialog-root'
    document.body.append(host)
    root = createRoot(host)
  }
  const close = () => root?.render(null)
  root.render(<NotifyDialog key={Date.now()} place={place} placeName={placeName} locale={locale} texts={texts} onClose={close} />)
}
