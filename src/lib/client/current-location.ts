// Loaded only when "use current location" is on: refreshes the stored device location quietly at
// start, and only where permission was already granted (never a surprise prompt).
import { locate } from '../geolocation.ts'
import { setDeviceLocation } from '../stores/locations.ts'

async function refresh(): Promise<void> {
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' })
    if (permission?.state !== 'granted') return
  } catch {
    return
  }
  const result = await locate(navigator.geolocation)
  if (result.ok) setDeviceLocation(result.lat, result.lon)
}

void refresh()
