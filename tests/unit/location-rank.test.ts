import { describe, expect, it } from 'vitest'
import { showsEditorTab, decodeEditorAuth } from '../../src/lib/decode/editor-auth.ts'
import { SOURCE_PRIORITY, bestLocation, decodeIds, placeLabel, type Location } from '../../src/lib/decode/location.ts'

const at = (lat: number): Location => ({ method: 'selected', lat, lon: 0, route: null, city: null, state: null, zip: null })

describe('source priority', () => {
  it('ranks unknown 0 … selected 5', () => {
    expect(SOURCE_PRIORITY).toEqual({ unknown: 0, latLon: 1, cityState: 2, route: 3, geolocation: 4, selected: 5 })
  })
  it('picks the highest-ranked location that exists', () => {
    expect(
      bestLocation([
        { source: 'route', location: at(1) },
        { source: 'geolocation', location: at(2) },
      ])?.lat,
    ).toBe(2)
    expect(
      bestLocation([
        { source: 'selected', location: null },
        { source: 'latLon', location: at(3) },
      ])?.lat,
    ).toBe(3)
    expect(bestLocation([])).toBeNull()
  })
  it('labels a place by name or point', () => {
    expect(placeLabel({ ...at(47.7412), lon: -121.9861 })).toBe('47.74, -121.99')
    expect(placeLabel({ ...at(1), city: 'Duvall', state: 'WA' })).toBe('Duvall, WA')
  })
  it('decodes pinned ids', () => expect(decodeIds(['a', 1, 'a', null, { x: 1 }])).toEqual(['a', '1']))
})

describe('editor tab', () => {
  it('shows for admin and superadmin unless hidden', () => {
    expect(showsEditorTab({ role: 'admin', email: '', name: '' }, false)).toBe(true)
    expect(showsEditorTab({ role: 'superadmin', email: '', name: '' }, true)).toBe(false)
    expect(showsEditorTab({ role: 'page', email: '', name: '' }, false)).toBe(false)
    expect(showsEditorTab(null, false)).toBe(false)
  })
  it('decodes stored auth defensively', () => {
    expect(decodeEditorAuth({ role: 'admin', email: 'a@b.c', name: 7 })).toEqual({ role: 'admin', email: 'a@b.c', name: '' })
    expect(decodeEditorAuth({ role: 'root' })).toBeNull()
    expect(decodeEditorAuth('admin')).toBeNull()
  })
})
