// With "use current location" on, refreshes the stored device location quietly at start,
// only where permission was already granted (never a surprise prompt).
import { locate } from '../geolocation.ts'
import { setDeviceLocation } from '../stores/locations.ts'
import { $settings } from '../stores/settings.ts'

const STALE_MS = 10 * 60_000
let lastRefresh = 0

async function refresh(): Promise<void> {
  if (!$settings.get().useCurrentLocation || Date.now() - lastRefresh < STALE_MS) return
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' })
    if (permission?.state !== 'granted') return
  } catch {
    return
  }
  lastRefresh = Date.now()
  const result = await locate(navigator.geolocation)
  if (result.ok) setDeviceLocation(result.lat, result.lon)
}

void refresh()
