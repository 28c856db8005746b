import { cleanTestStorage, getTestStorage } from '@nanostores/persistent'
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { $pinnedLocations, resetLocations } from '../../../src/lib/stores/locations.ts'
import { $pagePinned, pinnableOf, togglePagePin } from '../../../src/lib/stores/pin.ts'
import { $pagePoint, setPagePoint } from '../../../src/lib/stores/place.ts'

const duvall = { lat: 47.74232, lon: -121.98568, timeZone: 'America/Los_Angeles', name: 'Duvall, WA', route: 'wa/duvall' }

beforeEach(() => keepMount($pagePinned))
afterEach(() => {
  resetLocations()
  setPagePoint(null)
  cleanTestStorage()
  cleanStores($pagePinned, $pinnedLocations, $pagePoint)
})

describe('page pin', () => {
  it('pins and unpins the page’s place, and says which it did', () => {
    setPagePoint(duvall)
    expect($pagePinned.get()).toBe(false)
    expect(togglePagePin()).toMatchObject({ pinned: true, place: { city: 'Duvall', state: 'WA', route: 'wa/duvall' } })
    expect($pagePinned.get()).toBe(true)
    expect(JSON.parse(getTestStorage()['porchlight:pinnedLocations'] ?? '[]')).toHaveLength(1)
    expect(togglePagePin()).toMatchObject({ pinned: false })
    expect($pagePinned.get()).toBe(false)
    expect($pinnedLocations.get()).toEqual([])
  })
  it('follows a pin made elsewhere (another tab or the settings)', () => {
    setPagePoint(duvall)
    $pinnedLocations.set([pinnableOf(duvall)])
    expect($pagePinned.get()).toBe(true)
  })
  it('does nothing without a point', () => {
    expect(togglePagePin()).toBeNull()
    expect($pagePinned.get()).toBe(false)
  })
  it('keeps a map point’s coordinates only', () => {
    expect(pinnableOf({ lat: 46.1, lon: -120.5, timeZone: null, name: 'Near Yakima, WA', route: null })).toEqual({
      method: 'selected',
      lat: 46.1,
      lon: -120.5,
      route: null,
      city: null,
      state: null,
      zip: null,
    })
  })
})
