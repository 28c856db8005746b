import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { useT } from '../../i18n/use-t.ts'
import type { I18nKey } from '../../i18n/index.ts'
import { $notify, unfollowPlace } from '../../lib/notify/client.ts'
import { pointOfKey } from '../../lib/notify/place-key.ts'
import type { NotifySection } from '../../lib/notify/prefs.ts'
import { cityPath, type Locale } from '../../lib/routing/routes.ts'

const placeLabel = (route: string): string => {
  const point = pointOfKey(route)
  if (point) return `${point.lat}, ${point.lon}`
  const [state = '', city = ''] = route.split('/')
  return `${city.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase())}, ${state.toUpperCase()}`
}

/** Settings → Notifications: the places this browser follows, each to change (the dialog) or stop at once. */
export function NotifySettings({ locale }: { locale: Locale }) {
  const saved = useStore($notify)
  const t = useT()
  const [status, setStatus] = useState('')
  if (!t) return null
  const places = saved?.places ?? []
  return (
    <section className="card" aria-labelledby="notify-settings-h">
      <h2 id="notify-settings-h">{t('notify.settingsTitle')}</h2>
      {!places.length && <p className="muted">{t('notify.none')}</p>}
      {places.length > 0 && (
        <ul className="places notify-places">
          {places.map((entry) => {
            const name = placeLabel(entry.place)
            const sections = entry.sections.map((section: NotifySection) => t(`nav.${section}`)).join(', ')
            const priority = t(`priority.${entry.minPriority.toLowerCase()}` as I18nKey)
            return (
              <li key={entry.place}>
                <a href={cityPath(locale, entry.place)}>{name}</a>
                <small className="muted">
                  {t('notify.summary', { sections, priority })}
                  {entry.quiet ? ` · ${t('notify.quiet')}: ${entry.quiet.start}–${entry.quiet.end}` : ''}
                </small>
                <span className="actions">
                  <button
                    type="button"
                    aria-label={`${t('notify.change')}: ${name}`}
                    onClick={() =>
                      void import('./mount.tsx').then(({ openNotifyDialog }) => openNotifyDialog(entry.place, name, locale))
                    }
                  >
                    {t('notify.change')}
                  </button>
                  <button
                    type="button"
                    aria-label={`${t('notify.stop')}: ${name}`}
                    onClick={() =>
                      void unfollowPlace(entry.place).then(
                        () => setStatus(t('notify.stopped', { place: name })),
                        () => setStatus(t('notify.failed')),
                      )
                    }
                  >
                    {t('notify.stop')}
                  </button>
                </span>
              </li>
            )
          })}
        </ul>
      )}
      <p role="status" aria-live="polite">
        {status}
      </p>
    </section>
  )
}
