import { RadarMap } from '../RadarMap.tsx'
import { useDisplay } from './hooks.ts'
import { useT } from '../../i18n/use-t.ts'

/** The radar card: the Leaflet loop for the page's point, with texts in the page's language. */
export function WeatherRadar() {
  const t = useT()
  const { locale, point, timeZone } = useDisplay()
  if (!t || !point) return <div className="skeleton" aria-hidden="true" />
  return (
    <RadarMap
      lat={point.lat}
      lon={point.lon}
      timeZone={timeZone}
      locale={locale}
      labels={{
        play: t('radar.play'),
        pause: t('radar.pause'),
        now: t('radar.now'),
        frame: t('radar.frame'),
        outside: t('radar.outside'),
        error: t('radar.error'),
        tiles: t('radar.tiles'),
        frames: t('radar.frames'),
        retry: t('weather.retry'),
        map: t('radar.map'),
      }}
    />
  )
}
