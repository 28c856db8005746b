import { formatAgo } from '../../lib/format.ts'
import { formatDistance } from '../../lib/units.ts'
import { useStore } from '@nanostores/react'
import { $now } from '../../lib/stores/clock.ts'
import { quakes } from '../../lib/stores/weather/quakes.ts'
import { QUAKE_RADIUS_KM } from '../../lib/weather/quakes.ts'
import { SourceCard } from './Card.tsx'
import { useDisplay } from './hooks.ts'
import { useT } from '../../i18n/use-t.ts'

/** The 10 most recent earthquakes nearby in the past 7 days (USGS), with the tsunami flag as USGS defines it. */
export function QuakeList() {
  const t = useT()
  const now = useStore($now)
  const { locale, settings } = useDisplay()
  const distance = (km: number) => formatDistance(km, settings.distance, locale)
  return (
    <SourceCard
      source={quakes}
      errorKey="error.quakes"
      attribution={t && <a href="https://earthquake.usgs.gov/">{t('attr.usgs')}</a>}
    >
      {(list) =>
        t &&
        (list.length === 0 ? (
          <p>{t('quakes.none', { distance: distance(QUAKE_RADIUS_KM) })}</p>
        ) : (
          <ol className="quakes">
            {list.map((q) => (
              <li key={q.id}>
                <p>
                  <strong className="quake-mag">
                    {q.mag === null ? (
                      '—'
                    ) : (
                      <>
                        <span className="sr-only">{t('quakes.magnitude', { mag: q.mag.toFixed(1) })}</span>
                        <span aria-hidden="true">{q.mag.toFixed(1)}</span>
                      </>
                    )}
                  </strong>{' '}
                  {q.magClass && <span className={`quake-class quake-${q.magClass}`}>{t(`quake.${q.magClass}`)}</span>} {q.place}
                </p>
                <p className="muted">
                  {formatAgo(q.time, now, locale)} · {t('quakes.away', { distance: distance(q.distanceKm) })}
                  {q.url && (
                    <>
                      {' · '}
                      <a href={q.url}>{t('quakes.details')}</a>
                    </>
                  )}
                </p>
                {q.tsunami && (
                  <p className="tsunami">
                    {t('quakes.tsunami')} <a href="https://www.tsunami.gov/">{t('quakes.tsunamiLink')}</a>
                  </p>
                )}
              </li>
            ))}
          </ol>
        ))
      }
    </SourceCard>
  )
}
