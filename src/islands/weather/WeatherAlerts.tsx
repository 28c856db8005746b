import { formatDateTime } from '../../lib/format.ts'
import { alerts } from '../../lib/stores/weather/alerts.ts'
import { SourceCard } from './Card.tsx'
import { useDisplay } from './hooks.ts'
import { useT } from '../../i18n/use-t.ts'

/** Active National Weather Service alerts for the point, most severe first. */
export function WeatherAlerts() {
  const t = useT()
  const { locale, timeZone } = useDisplay()
  const time = (ms: number) => formatDateTime(ms, locale, timeZone)
  return (
    <SourceCard source={alerts} errorKey="error.alerts" attribution={t && <a href="https://www.weather.gov/">{t('attr.nws')}</a>}>
      {(list) =>
        t &&
        (list.length === 0 ? (
          <p>{t('alerts.none')}</p>
        ) : (
          <ul className="alerts">
            {list.map((a) => (
              <li key={a.id} className={`alert alert-${a.severity.toLowerCase()}`}>
                <p>
                  <strong>{a.event}</strong> <span className="badge-text">{t(`severity.${a.severity}`)}</span>
                </p>
                {a.headline && <p>{a.headline}</p>}
                <p className="muted">
                  {a.effective !== null && t('alerts.effective', { time: time(a.effective) })}
                  {a.effective !== null && a.expires !== null && ' · '}
                  {a.expires !== null && t('alerts.expires', { time: time(a.expires) })}
                </p>
                {a.instruction && (
                  <details>
                    <summary>{t('alerts.instruction')}</summary>
                    <p className="prewrap">{a.instruction}</p>
                  </details>
                )}
              </li>
            ))}
          </ul>
        ))
      }
    </SourceCard>
  )
}
