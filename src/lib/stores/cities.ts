import { atom } from 'nanostores'
import { fetchCitiesText, fetchNearCell } from '../api/client.ts'
import { indexCities, nearestCity, parseCities, type CityIndex } from '../cities.ts'
import { nearCellKey, parseNearCell, type NearPlace } from '../near-index.ts'

export type CityIndexState = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; index: CityIndex } | { state: 'error' }

/** The parsed cities.txt, loaded once on first need (never before first paint). */
export const $cityIndex = atom<CityIndexState>({ state: 'idle' })

let pending: Promise<CityIndex | null> | null = null

/** Starts loading cities.txt unless it is loaded or loading; a failure allows a later retry. */
export function loadCities(): Promise<CityIndex | null> {
  if (!pending) {
    $cityIndex.set({ state: 'loading' })
    pending = fetchCitiesText()
      .then((text) => {
        const index = indexCities(parseCities(text))
        $cityIndex.set({ state: 'ready', index })
        return index
      })
      .catch(() => {
        $cityIndex.set({ state: 'error' })
        pending = null
        return null
      })
  }
  return pending
}

/**
 * The nearest place within 50 km of a point (SPEC), from the point's cell of the nearest-place
 * index: a few KB instead of the whole city file, which loads only when the search box is used.
 * Null when no place is that near or the cell could not be loaded.
 * @example await nearestPlace(47.74, -121.99) // { name: 'Duvall', state: 'WA', … }
 */
export async function nearestPlace(lat: number, lon: number): Promise<NearPlace | null> {
  try {
    return nearestCity(parseNearCell(await fetchNearCell(nearCellKey(lat, lon))), lat, lon)
  } catch {
    return null
  }
}
