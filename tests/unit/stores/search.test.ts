import { describe, expect, it } from 'vitest'
import type { CitySearchResult } from '../../../src/lib/cities.ts'
import { $searchChoice, noteSearchChoice } from '../../../src/lib/stores/search.ts'

const result = (name: string, route: string | null): CitySearchResult =>
  ({ city: { name, lat: 1, lon: 2 }, displayName: `${name}, DE`, route }) as CitySearchResult

describe('noteSearchChoice', () => {
  it('keeps sizes and the chosen route, not the typed text', () => {
    const results = [result('Dover', 'de/dover'), result('Dover Base', null)]
    noteSearchChoice('  dov ', results, results[1]!)
    expect($searchChoice.get()).toEqual({ queryLength: 3, resultCount: 2, position: 2, route: null })
    expect(JSON.stringify($searchChoice.get())).not.toContain('dov')
  })
})
