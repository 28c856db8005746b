import { persistentAtom } from '@nanostores/persistent'
import { addRecent, decodeLocation, decodeRecent, safeJson, type Location, type RecentLocation } from '../state/location.ts'

/** The place the visitor chose last (search, GPS or a map point). */
export const $selectedLocation = persistentAtom<Location | null>('porchlight:selectedLocation', null, {
  encode: JSON.stringify,
  decode: safeJson(decodeLocation),
  listen: true,
})

/** Places visited, newest first, at most 10. */
export const $recentLocations = persistentAtom<RecentLocation[]>('porchlight:recentLocations', [], {
  encode: JSON.stringify,
  decode: safeJson(decodeRecent),
  listen: true,
})

/** Stores a chosen place as selected and as the newest recent location. */
export function selectLocation(location: Location): void {
  $selectedLocation.set(location)
  $recentLocations.set(addRecent($recentLocations.get(), location, Date.now()))
}
