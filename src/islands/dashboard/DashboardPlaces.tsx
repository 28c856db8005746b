import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import '../../styles/dashboard.css'
import { placePath } from '../../lib/dashboard/links.ts'
import { pageLang } from '../../lib/page-lang.ts'
import { appPath } from '../../lib/routing/routes.ts'
import { $placeCards } from '../../lib/stores/dashboard.ts'
import { $settings } from '../../lib/stores/settings.ts'
import { OpenMeteoCredit } from '../weather/Card.tsx'
import { useT } from '../../i18n/use-t.ts'
import { PlaceCardView } from './PlaceCardView.tsx'
import { Pending } from './parts.tsx'

/** Opens the search box (behind a toggle on small screens) and puts the cursor in it. */
function openSearch(event: React.MouseEvent): void {
  const input = document.querySelector<HTMLInputElement>('#search-panel input')
  if (!input) return
  event.preventDefault()
  if (input.getClientRects().length === 0) document.getElementById('search-toggle')?.click()
  input.focus()
}

/**
 * The visitor's home, pinned and recent places (pinned-first as set), each with its current
 * temperature and warning count, linking to its dashboard. Hydrated when it comes into view,
 * which is when the store starts fetching: one batched forecast request for all of them.
 */
export function DashboardPlaces() {
  const t = useT()
  const { cards, hidden } = useStore($placeCards)
  const settings = useStore($settings)
  const locale = pageLang()
  const root = useRef<HTMLDivElement>(null)
  const busy = !t || cards.some((card) => card.now.state === 'loading' || card.warnings.state === 'loading')
  useEffect(() => {
    root.current?.closest('section')?.setAttribute('aria-busy', String(busy))
  }, [busy])

  if (!t) return <Pending className="dash-skeleton-places" />
  if (!cards.length)
    return (
      <div ref={root} className="dash-empty">
        <p className="empty-title">{t('dash.noPlaces')}</p>
        <p className="muted">{t('dash.noPlacesHint')}</p>
        <p className="dash-empty-links">
          <a href="#search-panel" onClick={openSearch}>
            {t('dash.searchCity')}
          </a>
          <a href={appPath(locale, 'settings')}>{t('dash.openSettings')}</a>
        </p>
      </div>
    )
  return (
    <div ref={root}>
      <ul className="dash-places">
        {cards.map((card) => (
          <PlaceCardView
            key={card.key}
            card={card}
            href={placePath(locale, card, 'page')}
            t={t}
            settings={settings}
            locale={locale}
          />
        ))}
      </ul>
      {hidden > 0 && (
        <p className="card-meta">
          <a href={appPath(locale, 'settings')}>{t('dash.morePlaces', { count: String(hidden) })}</a>
        </p>
      )}
      <p className="card-meta attribution">
        <OpenMeteoCredit t={t} /> · <a href="https://www.weather.gov/">{t('attr.nws')}</a>
      </p>
    </div>
  )
}
