import { describe, expect, it } from 'vitest'
import { dashboardPoint, DEFAULT_PAGE_POINT } from '../../../src/lib/dashboard/page-place.ts'
import { MAX_PLACES, dashboardPlaces, placeKey } from '../../../src/lib/dashboard/places.ts'
import { placePath } from '../../../src/lib/dashboard/links.ts'
import type { Location } from '../../../src/lib/decode/location.ts'

const place = (city: string, lat: number, lon: number, route: string | null = null): Location => ({
  method: 'selected',
  lat,
  lon,
  route,
  city,
  state: 'WA',
  zip: null,
})
const duvall = place('Duvall', 47.74232, -121.98568, 'wa/duvall')
const seattle = place('Seattle', 47.60621, -122.33207, 'wa/seattle')
const redmond = place('Redmond', 47.67399, -122.12151, 'wa/redmond')
const home = { lat: 47.74, lon: -121.99, route: 'wa/duvall', name: 'Duvall, WA' }

const names = (result: ReturnType<typeof dashboardPlaces>) => result.places.map((p) => `${p.name} ${p.kinds.join('+')}`)

describe('placeKey', () => {
  it.each([
    [{ lat: 47.74232, lon: -121.98568 }, '47.74,-121.99'],
    [{ lat: 47.74, lon: -121.99 }, '47.74,-121.99'],
    [{ lat: 0, lon: 0 }, '0,0'],
  ])('%o → %s', (point, key) => expect(placeKey(point)).toBe(key))
})

describe('dashboardPlaces', () => {
  it('lists home, then pinned, then recent when pinned come first', () => {
    const result = dashboardPlaces({ home, pinned: [seattle], recent: [redmond], pinnedFirst: true })
    expect(names(result)).toEqual(['Duvall, WA home', 'Seattle, WA pinned', 'Redmond, WA recent'])
  })

  it('lists recent before pinned when pinned-first is off, home still first', () => {
    const result = dashboardPlaces({ home, pinned: [seattle], recent: [redmond], pinnedFirst: false })
    expect(names(result)).toEqual(['Duvall, WA home', 'Redmond, WA recent', 'Seattle, WA pinned'])
  })

  it('shows a point once, naming every list it is in, at the first list’s position', () => {
    const result = dashboardPlaces({ home, pinned: [seattle, duvall], recent: [duvall, redmond, seattle], pinnedFirst: true })
    expect(names(result)).toEqual(['Duvall, WA home+pinned+recent', 'Seattle, WA pinned+recent', 'Redmond, WA recent'])
    const recentFirst = dashboardPlaces({ home: null, pinned: [seattle], recent: [redmond, seattle], pinnedFirst: false })
    expect(names(recentFirst)).toEqual(['Redmond, WA recent', 'Seattle, WA recent+pinned'])
  })

  it('treats points equal to 2 decimals as the same place', () => {
    const near = place('Duvall', 47.7401, -121.9899, 'wa/duvall')
    expect(dashboardPlaces({ home: null, pinned: [duvall], recent: [near], pinnedFirst: true }).places).toHaveLength(1)
  })

  it('keys, routes and names each card; a point without a name shows its coordinates', () => {
    const point: Location = { method: 'latLon', lat: 46.5, lon: -120.25, route: null, city: null, state: null, zip: null }
    const result = dashboardPlaces({
      home: { lat: 1.234, lon: 5.678, route: null, name: '' },
      pinned: [],
      recent: [point],
      pinnedFirst: true,
    })
    expect(result.places).toEqual([
      { key: '1.23,5.68', lat: 1.234, lon: 5.678, route: null, name: '1.23, 5.68', kinds: ['home'] },
      { key: '46.5,-120.25', lat: 46.5, lon: -120.25, route: null, name: '46.50, -120.25', kinds: ['recent'] },
    ])
  })

  it('shows at most MAX_PLACES cards and tells how many more there are', () => {
    const many = Array.from({ length: 15 }, (_, i) => place(`Town ${i}`, 40 + i, -120))
    const result = dashboardPlaces({ home, pinned: many, recent: [], pinnedFirst: true })
    expect(result.places).toHaveLength(MAX_PLACES)
    expect(result.hidden).toBe(16 - MAX_PLACES)
    expect(result.places[0]?.kinds).toEqual(['home'])
    expect(dashboardPlaces({ home, pinned: many, recent: [], pinnedFirst: true }, 3).hidden).toBe(13)
  })

  it('is empty without any place', () => {
    expect(dashboardPlaces({ home: null, pinned: [], recent: [], pinnedFirst: true })).toEqual({ places: [], hidden: 0 })
  })
})

describe('dashboardPoint (plain /page)', () => {
  const current: Location = { method: 'geolocation', lat: 47.61, lon: -122.33, route: null, city: null, state: null, zip: null }

  it('uses the home location first', () => {
    expect(dashboardPoint({ lat: 47.61, lon: -122.33, route: 'wa/seattle', name: 'Seattle, WA' }, current)).toEqual({
      lat: 47.61,
      lon: -122.33,
      route: 'wa/seattle',
      timeZone: null,
      name: 'Seattle, WA',
    })
  })

  it('else the current location, named when it knows its city', () => {
    expect(dashboardPoint(null, current)).toEqual({ lat: 47.61, lon: -122.33, route: null, timeZone: null, name: null })
    expect(dashboardPoint(null, { ...current, city: 'Seattle', state: 'WA', route: 'wa/seattle' })).toMatchObject({
      name: 'Seattle, WA',
      route: 'wa/seattle',
    })
  })

  it('else Duvall, WA', () => {
    expect(dashboardPoint(null, null)).toBe(DEFAULT_PAGE_POINT)
    expect(DEFAULT_PAGE_POINT).toEqual({
      lat: 47.74232,
      lon: -121.98568,
      route: 'wa/duvall',
      timeZone: 'America/Los_Angeles',
      name: 'Duvall, WA',
    })
  })

  it('gives a home without a name none', () => {
    expect(dashboardPoint({ lat: 1, lon: 2, route: null, name: '' }, null).name).toBeNull()
  })
})

describe('placePath', () => {
  it.each([
    ['en', { lat: 47.74, lon: -121.99, route: 'wa/duvall' }, 'weather', '/wa/duvall'],
    ['es', { lat: 47.74, lon: -121.99, route: 'wa/duvall' }, 'roads', '/es/wa/duvall/roads'],
    ['en', { lat: 47.612, lon: -122.334, route: null }, 'page', '/z/47.61/-122.33/page'],
    ['ja', { lat: 47.612, lon: -122.334, route: null }, 'weather', '/ja/z/47.61/-122.33'],
  ] as const)('%s %o %s → %s', (locale, point, section, path) => expect(placePath(locale, point, section)).toBe(path))
})
