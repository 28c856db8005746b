import { describe, expect, it } from 'vitest'
import { RECENT_MAX, addRecent, decodeLocation, decodeRecent, safeJson, type Location } from '../../src/lib/decode/location.ts'

const at = (lat: number, lon: number, route: string | null = null): Location => ({
  method: 'selected',
  lat,
  lon,
  route,
  city: null,
  state: null,
  zip: null,
})

describe('recent locations', () => {
  it('puts the newest first with its visit time', () => {
    const list = addRecent(addRecent([], at(1, 1), 100), at(2, 2), 200)
    expect(list.map((l) => [l.lat, l.lastVisited])).toEqual([
      [2, 200],
      [1, 100],
    ])
  })
  it('replaces the same point', () => {
    const list = addRecent(addRecent(addRecent([], at(1, 1), 1), at(2, 2), 2), at(1.001, 1.001), 3)
    expect(list.map((l) => l.lastVisited)).toEqual([3, 2])
  })
  it(`keeps at most ${RECENT_MAX}`, () => {
    let list = addRecent([], at(0, 0), 0)
    for (let i = 1; i < 15; i++) list = addRecent(list, at(i, i), i)
    expect(list).toHaveLength(RECENT_MAX)
    expect(list[0]?.lat).toBe(14)
  })
})

describe('decoding stored locations', () => {
  it('accepts a good location', () =>
    expect(decodeLocation(at(47.74, -121.99, 'wa/duvall'))).toEqual(at(47.74, -121.99, 'wa/duvall')))
  it.each([null, 'x', 1, {}, { lat: '47', lon: 1 }, { lat: 91, lon: 0 }, { lat: Number.NaN, lon: 0 }])('rejects %j', (value) =>
    expect(decodeLocation(value)).toBeNull(),
  )
  it('drops an unsafe route but keeps the point', () => {
    expect(decodeLocation({ lat: 1, lon: 2, route: '../../evil' })).toMatchObject({ lat: 1, lon: 2, route: null })
  })
  it('drops bad recent entries and keeps good ones', () => {
    expect(decodeRecent([{ ...at(1, 1), lastVisited: 5 }, { lat: 'x' }, null, { ...at(2, 2) }])).toHaveLength(1)
    expect(decodeRecent('nope')).toEqual([])
  })
  it('never throws on corrupt JSON', () => {
    expect(safeJson(decodeRecent)('{oops')).toEqual([])
    expect(safeJson(decodeLocation)('')).toBeNull()
  })
})
