import { useStore } from '@nanostores/react'
import { pageLang } from '../../lib/page-lang.ts'
import { $pagePoint } from '../../lib/stores/place.ts'
import { $settings } from '../../lib/stores/settings.ts'

/**
 * Language, units and the place's time zone for the live sections: the city's (a coordinate page
 * learns its nearest city's). Unlike the weather cards' hook, this never starts a forecast request.
 */
export function useLiveDisplay() {
  const settings = useStore($settings)
  const point = useStore($pagePoint)
  return { locale: pageLang(), settings, point, timeZone: point?.timeZone ?? 'UTC' }
}
