import { atom } from 'nanostores'
import type { CitySearchResult } from '../cities.ts'

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
