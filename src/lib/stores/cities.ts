import { atom } from 'nanostores'
import { fetchCitiesText } from '../api/client.ts'
import { indexCities, parseCities, type CityIndex } from '../cities.ts'

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
