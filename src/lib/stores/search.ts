import { atom, computed } from 'nanostores'
import type { CitySearchResult } from '../cities.ts'
import type { Location } from '../decode/location.ts'
import { $pinnedLocations, $recentLocations } from './locations.ts'
import { $settings } from './settings.ts'

/** A city-search choice, as usage telemetry reports it: sizes and the chosen place, never the typed text. */
export type SearchChoice = {
  queryLength: number
  resultCount: number
  /** 1 for the first suggestion. */
  position: number
  route: string | null
}

/** The last city-search choice in this tab (not persisted). */
export const $searchChoice = atom<SearchChoice | null>(null)

/** Notes that a search result was chosen (the search box calls it; listeners decide what to do with it). */
export function noteSearchChoice(query: string, results: CitySearchResult[], chosen: CitySearchResult): void {
  $searchChoice.set({
    queryLength: query.trim().length,
    resultCount: results.length,
    position: results.indexOf(chosen) + 1,
    route: chosen.route,
  })
}

/** A saved place the empty search box offers: pinned or recent, with the name to show. */
export type SavedPlace = { kind: 'pinned' | 'recent'; place: Location; name: string }

/** At most this many saved places in the empty search box (the rest are in the settings). */
export const SAVED_MAX = 8

/** A place's name for lists: 'Duvall, WA', else its coordinates to 2 decimals. */
export function savedPlaceName(place: Location): string {
  if (place.city) return place.state ? `${place.city}, ${place.state}` : place.city
  return `${place.lat.toFixed(2)}, ${place.lon.toFixed(2)}`
}

/**
 * Pinned and recent places for the empty, focused search box: pinned first unless the visitor
 * turned "Show pinned places first" off, a point listed once (as pinned), at most SAVED_MAX.
 * @example savedPlaces([duvall], [seattle, duvall], true).map((p) => p.name) // ['Duvall, WA', 'Seattle, WA']
 */
export function savedPlaces(pinned: Location[], recent: Location[], pinnedFirst: boolean): SavedPlace[] {
  const isPinned = (p: Location): boolean => pinned.some((q) => q.lat === p.lat && q.lon === p.lon)
  const lists: SavedPlace[][] = [
    pinned.map((place) => ({ kind: 'pinned', place, name: savedPlaceName(place) })),
    recent.filter((place) => !isPinned(place)).map((place) => ({ kind: 'recent', place, name: savedPlaceName(place) })),
  ]
  return (pinnedFirst ? lists : lists.reverse()).flat().slice(0, SAVED_MAX)
}

/** The saved places the search box offers now (follows the stores, other tabs included). */
export const $savedPlaces = computed([$pinnedLocations, $recentLocations, $settings], (pinned, recent, settings) =>
  savedPlaces(pinned, recent, settings.pinnedFirst),
)
