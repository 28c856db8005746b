import { loadDictionary } from '../../i18n/lazy.ts'
import { GEO_ERROR_KEYS, locate } from '../geolocation.ts'
import { coordPath } from '../routing/routes.ts'
import { setDeviceLocation } from '../stores/locations.ts'
import { pageLocale, pageSection } from './page.ts'

/** Asks the device for its place; goes to the point's page, or shows the SPEC's error in `status`. */
export async function useDeviceLocation(status: HTMLElement | null): Promise<void> {
  const result = await locate(navigator.geolocation)
  if (result.ok) {
    setDeviceLocation(result.lat, result.lon)
    return location.assign(coordPath(pageLocale, result.lat, result.lon, pageSection))
  }
  if (!status) return
  const dictionary = await loadDictionary(pageLocale)
  const text = status.querySelector('span')
  if (text) text.textContent = dictionary[GEO_ERROR_KEYS[result.error]] ?? GEO_ERROR_KEYS[result.error]
  status.hidden = false
}
