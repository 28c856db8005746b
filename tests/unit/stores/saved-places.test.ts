import { describe, expect, it } from 'vitest'
import type { Location } from '../../../src/lib/decode/location.ts'
import { SAVED_MAX, savedPlaceName, savedPlaces } from '../../../src/lib/stores/search.ts'

const place = (lat: number, city: string | null, state: string | null = 'WA'): Location => ({
  method: 'selected',
  lat,
  lon: -122,
  route: city ? `wa/${city.toLowerCase()}` : null,
  city,
  state,
  zip: null,
})
const duvall = place(47.74, 'Duvall')
const seattle = place(47.61, 'Seattle')
const point = place(46.123, null, null)

describe('savedPlaces', () => {
  it('lists pinned first, then recent without the pinned ones', () => {
    expect(savedPlaces([duvall], [seattle, duvall], true)).toEqual([
      { kind: 'pinned', place: duvall, name: 'Duvall, WA' },
      { kind: 'recent', place: seattle, name: 'Seattle, WA' },
    ])
  })
  it('lists recent first when pinned-first is off', () => {
    expect(savedPlaces([duvall], [seattle], false).map((p) => p.kind)).toEqual(['recent', 'pinned'])
  })
  it('keeps at most SAVED_MAX', () => {
    const many = Array.from({ length: 20 }, (_, i) => place(i, `C${i}`))
    expect(savedPlaces(many.slice(0, 5), many.slice(5), true)).toHaveLength(SAVED_MAX)
  })
  it('names a map point by its coordinates', () => {
    expect(savedPlaceName(point)).toBe('46.12, -122.00')
    expect(savedPlaceName(place(1, 'Town', null))).toBe('Town')
  })
})
