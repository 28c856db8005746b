import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import '../../styles/dashboard.css'
import { placePath } from '../../lib/dashboard/links.ts'
import { nearestCamera, sectionCounts } from '../../lib/dashboard/summary.ts'
import { mostSevere } from '../../lib/dashboard/warnings.ts'
import { warningsUnchecked } from '../../lib/live/unchecked.ts'
import { pageLang } from '../../lib/page-lang.ts'
import type { Section } from '../../lib/routing/routes.ts'
import { $pagePoint } from '../../lib/stores/place.ts'
import { $roads, reaction } from '../../lib/stores/reaction.ts'
import { $settings } from '../../lib/stores/settings.ts'
import { $now } from '../../lib/stores/clock.ts'
import { alerts } from '../../lib/stores/weather/alerts.ts'
import { forecast } from '../../lib/stores/weather/forecast.ts'
import { useT } from '../../i18n/use-t.ts'
import { NowCamera } from './NowCamera.tsx'
import { NowWarning } from './NowWarning.tsx'
import { NowWeather } from './NowWeather.tsx'
import { CountTile, Failed, Pending } from './parts.tsx'

/**
 * What to know right now about the page's place: weather, the most severe warning, counts of each
 * live section and the nearest camera. It reads the page's shared sources (forecast, NWS alerts,
 * reaction): the banner and badges use the same requests.
 */
export function DashboardNow() {
  const t = useT()
  const point = useStore($pagePoint)
  const settings = useStore($settings)
  const weather = useStore(forecast.$state)
  const nws = useStore(alerts.$state)
  const live = useStore(reaction.$state)
  const roads = useStore($roads)
  const now = useStore($now)
  const locale = pageLang()
  const root = useRef<HTMLDivElement>(null)
  const [openNow, setOpenNow] = useState<number | null>(null)
  const localData = live.state === 'ok' ? live.data : null
  // Opening hours are the city's; on a place without one, the forecast provider's zone for the point.
  const timeZone = point?.timeZone ?? (weather.state === 'ok' ? weather.data.timezone : null) ?? 'UTC'
  useEffect(() => {
    if (!localData) return
    let current = true
    void import('../../lib/dashboard/open-now.ts').then(({ openNowCount }) => {
      if (current) setOpenNow(openNowCount(localData, new Date(now), timeZone))
    })
    return () => {
      current = false
    }
  }, [localData, now, timeZone])
  const waiting = (state: { state: string }) => state.state === 'idle' || state.state === 'loading'
  const busy = !t || (point !== null && (waiting(weather) || waiting(nws) || waiting(live)))
  useEffect(() => {
    root.current?.closest('section')?.setAttribute('aria-busy', String(busy))
  }, [busy])

  if (!t) return <Pending className="dash-skeleton-now" />
  if (!point)
    return (
      <div ref={root}>
        <p className="empty-title">{t('state.noLocation')}</p>
        <p className="muted">{t('state.noLocationHint')}</p>
      </div>
    )
  const href = (section: Section) => placePath(locale, point, section)
  const name = point.name ?? t('point.title', { lat: point.lat.toFixed(2), lon: point.lon.toFixed(2) })
  const liveReady = live.state === 'ok' && roads
  const nwsList = nws.state === 'ok' ? nws.data : []
  const top = liveReady ? mostSevere(live.data.statuses.messages, roads.entries, nwsList) : null
  const counts = liveReady ? sectionCounts(live.data, roads.entries) : null
  const links = { statuses: href('statuses'), roads: href('roads'), nws: `${href('weather')}#wx-alerts` }
  // A section whose sources all failed with nothing known is "–", not 0 (issue 38: no false all-clear).
  const unchecked = (section: 'statuses' | 'cameras' | 'roads', count: number | undefined) =>
    live.state === 'ok' && count === 0 && live.data[section].health?.status === 'down' ? t('dash.uncheckedShort') : null
  return (
    <div ref={root} className="dash-now">
      <p className="dash-place">
        <a href={href('weather')}>{name}</a>
      </p>
      <div className="dash-now-grid">
        <div className="dash-now-main">
          <NowWeather state={weather} t={t} settings={settings} locale={locale} weatherHref={href('weather')} />
          {live.state === 'error' ? (
            <Failed t={t} errorKey="error.statuses" retry={reaction.retry} />
          ) : !liveReady || (waiting(nws) && !top) ? (
            // A local warning already in shows without waiting for the weather service.
            <Pending className="dash-skeleton-alert" />
          ) : (
            <NowWarning
              top={top}
              t={t}
              links={links}
              unchecked={nws.state === 'error' || (live.state === 'ok' && warningsUnchecked(live.data))}
            />
          )}
          {nws.state === 'error' && <Failed t={t} errorKey="error.alerts" retry={alerts.retry} />}
          {live.state !== 'error' && (
            <ul className="dash-counts" aria-label={t('dash.summary')}>
              <CountTile
                href={href('statuses')}
                count={counts?.statuses ?? '…'}
                label={t('nav.statuses')}
                unchecked={unchecked('statuses', counts?.statuses)}
              />
              <CountTile
                href={href('cameras')}
                count={counts?.cameras ?? '…'}
                label={t('nav.cameras')}
                unchecked={unchecked('cameras', counts?.cameras)}
              />
              <CountTile
                href={href('roads')}
                count={counts?.roads ?? '…'}
                label={t('roads.conditions')}
                unchecked={unchecked('roads', counts?.roads)}
              />
              <CountTile href={href('local')} count={openNow ?? '…'} label={t('dash.openNow')} />
            </ul>
          )}
        </div>
        {live.state !== 'error' && (
          <section className="dash-now-camera" aria-labelledby="dash-camera-h">
            <h3 id="dash-camera-h">{t('dash.nearestCamera')}</h3>
            {liveReady ? (
              <NowCamera
                camera={nearestCamera(live.data.cameras.messages)}
                t={t}
                href={href('cameras')}
                settings={settings}
                locale={locale}
              />
            ) : (
              <Pending className="dash-skeleton-camera" />
            )}
          </section>
        )}
      </div>
    </div>
  )
}
