import './storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import {
  addRecent,
  decodeIds,
  decodeLocation,
  decodePinned,
  decodeRecent,
  pin,
  removeRecent,
  safeJson,
  toggleId,
  unpin,
  type Location,
  type RecentLocation,
} from '../decode/location.ts'

const json = { encode: JSON.stringify }

/** The device's location, when the visitor asked for it. */
export const $currentLocation = persistentAtom<Location | null>('porchlight:currentLocation', null, {
  ...json,
  decode: safeJson(decodeLocation),
})

/** The place the visitor chose last (search or a map point). */
export const $selectedLocation = persistentAtom<Location | null>('porchlight:selectedLocation', null, {
  ...json,
  decode: safeJson(decodeLocation),
})

/** Places visited, newest first, at most 10. */
export const $recentLocations = persistentAtom<RecentLocation[]>('porchlight:recentLocations', [], {
  ...json,
  decode: safeJson(decodeRecent),
})

/** Places the visitor pinned. */
export const $pinnedLocations = persistentAtom<Location[]>('porchlight:pinnedLocations', [], {
  ...json,
  decode: safeJson(decodePinned),
})

/** Pinned item ids (statuses, cameras, …). */
export const $pinnedIds = persistentAtom<string[]>('porchlight:pinnedIds', [], { ...json, decode: safeJson(decodeIds) })

/** Stores a chosen place as selected and as the newest recent location. */
export function selectLocation(location: Location): void {
  $selectedLocation.set(location)
  $recentLocations.set(addRecent($recentLocations.get(), location, Date.now()))
}

/** Adds a place the visitor opened to the recent locations. */
export function visitLocation(location: Location): void {
  $recentLocations.set(addRecent($recentLocations.get(), location, Date.now()))
}

/** Stores the device's location (from the GPS button or the use-current-location setting). */
export function setCurrentLocation(location: Location | null): void {
  $currentLocation.set(location)
  if (location) $recentLocations.set(addRecent($recentLocations.get(), location, Date.now()))
}

/** Stores a point from the device's GPS (already rounded to 2 decimals). */
export function setDeviceLocation(lat: number, lon: number): void {
  setCurrentLocation({ method: 'geolocation', lat, lon, route: null, city: null, state: null, zip: null })
}

export const removeRecentLocation = (lat: number, lon: number): void =>
  $recentLocations.set(removeRecent($recentLocations.get(), lat, lon))
export const pinLocation = (location: Location): void => $pinnedLocations.set(pin($pinnedLocations.get(), location))
export const unpinLocation = (lat: number, lon: number): void => $pinnedLocations.set(unpin($pinnedLocations.get(), lat, lon))
export const togglePin = (id: string): void => $pinnedIds.set(toggleId($pinnedIds.get(), id))

/** Forgets every stored place. */
export function resetLocations(): void {
  $currentLocation.set(null)
  $selectedLocation.set(null)
  $recentLocations.set([])
  $pinnedLocations.set([])
  $pinnedIds.set([])
}
