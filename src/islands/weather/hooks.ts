import { useStore } from '@nanostores/react'
import { pageLang } from '../../lib/page-lang.ts'
import { $pagePoint } from '../../lib/stores/place.ts'
import { $settings } from '../../lib/stores/settings.ts'
import { forecast } from '../../lib/stores/weather/forecast.ts'

/** Language, units and the place's time zone (the city's, else the forecast provider's). */
export function useDisplay() {
  const settings = useStore($settings)
  const point = useStore($pagePoint)
  const weather = useStore(forecast.$state)
  const providerZone = weather.state === 'ok' ? weather.data.timezone : null
  return {
    locale: pageLang(),
    settings,
    point,
    timeZone: point?.timeZone ?? providerZone ?? 'UTC',
  }
}

export { compassKey } from '../../lib/weather/compass.ts'
