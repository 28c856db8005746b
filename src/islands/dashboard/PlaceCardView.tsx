import type { Settings } from '../../lib/decode/stored-settings.ts'
import type { PlaceCard } from '../../lib/stores/dashboard.ts'
import { formatTemperature } from '../../lib/units.ts'
import { WeatherIcon, conditionText } from '../weather/Condition.tsx'
import type { T } from '../../i18n/use-t.ts'

/** One place: name, the lists it is in, current temperature and warning count; the whole card links to its dashboard. */
export function PlaceCardView({
  card,
  href,
  t,
  settings,
  locale,
}: {
  card: PlaceCard
  href: string
  t: T
  settings: Settings
  locale: string
}) {
  const { now, warnings } = card
  const count = warnings.state === 'ok' ? warnings.value.count : null
  const doubt = warnings.state === 'ok' && warnings.value.unchecked
  return (
    <li className={`dash-place-card${count ? ' has-warnings' : ''}`}>
      <a href={href}>
        <span className="dash-place-name">{card.name}</span>
        <span className="dash-place-kinds">
          {card.kinds.map((kind) => (
            <span key={kind} className="tag">
              {t(`placeKind.${kind}`)}
            </span>
          ))}
        </span>
        <span className="dash-place-temp">
          {now.state === 'ok' ? (
            <>
              <WeatherIcon code={now.value.code} isDay={now.value.isDay} size={28} />
              <span className="sr-only">{conditionText(t, now.value.code)}, </span>
              <span className="dash-place-value">
                {now.value.temperature === null ? '—' : formatTemperature(now.value.temperature, settings.temperature, locale)}
              </span>
            </>
          ) : now.state === 'error' ? (
            <span title={t('dash.temperatureUnknown')}>
              —<span className="sr-only"> {t('dash.temperatureUnknown')}</span>
            </span>
          ) : (
            <span className="dash-dots" aria-hidden="true">
              …
            </span>
          )}
        </span>
        <span className={`dash-place-warnings${count ? ' sev-warning' : ''}`}>
          {/* A new text node for each value: Chromium counts right-aligned text changed in place as a layout shift. */}
          <span key={`${warnings.state}:${count ?? ''}:${doubt}`}>
            {warnings.state === 'ok'
              ? count
                ? t('dash.warnings', { count: String(count) })
                : t(doubt ? 'dash.uncheckedShort' : 'dash.noWarningsShort')
              : warnings.state === 'error'
                ? t('dash.warningsUnknown')
                : '…'}
          </span>
        </span>
      </a>
    </li>
  )
}
