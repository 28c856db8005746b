import { describe, expect, it } from 'vitest'
import { haversineKm } from '../../../src/lib/geo.ts'
import { ProviderError } from '../../../src/lib/weather/errors.ts'
import {
  QUAKE_DAYS,
  QUAKE_RADIUS_KM,
  QUAKES_SHOWN,
  decodeQuakes,
  magnitudeClass,
  quakesUrl,
  type MagnitudeClass,
} from '../../../src/lib/weather/quakes.ts'
import { fixture, params, UNUSABLE } from './fixtures.ts'

const duvall = { lat: 47.74, lon: -121.99 }
const feature = (id: string, time: unknown, coordinates: unknown, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id,
  properties: {
    mag: 1.2,
    place: 'somewhere',
    time,
    tsunami: 0,
    url: `https://earthquake.usgs.gov/earthquakes/eventpage/${id}`,
    ...properties,
  },
  geometry: { type: 'Point', coordinates },
})
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features })

describe('magnitudeClass', () => {
  it.each<[number, MagnitudeClass]>([
    [-0.5, 'micro'],
    [2.99, 'micro'],
    [3, 'minor'],
    [3.99, 'minor'],
    [4, 'light'],
    [5, 'moderate'],
    [5.99, 'moderate'],
    [6, 'strong'],
    [6.95, 'strong'],
    [7, 'major'],
    [7.99, 'major'],
    [8, 'great'],
    [9.1, 'great'],
  ])('M%d is %s', (mag, expected) => expect(magnitudeClass(mag)).toBe(expected))
})

describe('quakesUrl', () => {
  it('asks USGS for the newest earthquakes within the radius over 7 days', () => {
    const url = new URL(quakesUrl(duvall, Date.UTC(2026, 0, 15, 20, 0, 30, 500)))
    expect(url.origin + url.pathname).toBe('https://earthquake.usgs.gov/fdsnws/event/1/query')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'geojson',
      latitude: '47.74',
      longitude: '-121.99',
      maxradiuskm: '300',
      minmagnitude: '2.5',
      starttime: '2026-01-08T20:00:00', // UTC, floored to the minute
      orderby: 'time',
      limit: '10',
      eventtype: 'earthquake',
    })
  })

  it('gives one URL for the whole minute and rounds coordinates', () => {
    const point = { lat: 47.7412345, lon: -121.9898765 }
    expect(quakesUrl(point, Date.UTC(2026, 0, 15, 20, 0, 1))).toBe(quakesUrl(point, Date.UTC(2026, 0, 15, 20, 0, 59)))
    const p = params(quakesUrl(point, 0, '/proxy/usgs'))
    expect([p.get('latitude'), p.get('longitude'), p.get('starttime')]).toEqual(['47.7412', '-121.9899', '1969-12-25T00:00:00'])
  })

  it('exports its constants', () => {
    expect([QUAKE_RADIUS_KM, QUAKE_DAYS, QUAKES_SHOWN]).toEqual([300, 7, 10])
  })
})

describe('decodeQuakes on the Duvall fixture', () => {
  const quakes = decodeQuakes(fixture('quakes-duvall.json'), duvall)

  it('keeps the newest 10 of 12, newest first', () => {
    expect(quakes).toHaveLength(QUAKES_SHOWN)
    expect(quakes[0]?.id).toBe('uw62083571')
    expect(quakes.at(-1)?.id).toBe('uw62083290')
    expect(quakes.every((q, i) => i === 0 || (quakes[i - 1]?.time ?? 0) > q.time)).toBe(true)
  })

  it('reads one event fully, with the distance from the point', () => {
    expect(quakes[0]).toEqual({
      id: 'uw62083571',
      mag: 1.42,
      magClass: 'micro',
      place: '8 km NE of Duvall, Washington',
      time: Date.UTC(2026, 0, 15, 19, 0, 4, 221),
      distanceKm: haversineKm(47.74, -121.99, 47.79, -121.915),
      depthKm: 14.2,
      tsunami: false,
      url: 'https://earthquake.usgs.gov/earthquakes/eventpage/uw62083571',
    })
    expect(quakes[0]?.distanceKm).toBeCloseTo(7.9, 1)
  })

  it('keeps a null magnitude, a null place as "" and the tsunami flag', () => {
    expect(quakes[3]).toMatchObject({ id: 'uw62083467', mag: null, magClass: null })
    expect(quakes[4]).toMatchObject({ id: 'us7000r2xq', mag: 6.1, magClass: 'strong', tsunami: true })
    expect(quakes[4]?.distanceKm).toBeGreaterThan(250)
    expect(quakes[4]?.distanceKm).toBeLessThan(QUAKE_RADIUS_KM)
    expect(quakes[5]).toMatchObject({ id: 'uw62083402', place: '' })
  })

  it('orders by time whatever the order of the response', () => {
    const json = fixture('quakes-duvall.json')
    json['features'] = (json['features'] as unknown[]).reverse()
    expect(decodeQuakes(json, duvall).map((q) => q.id)).toEqual(quakes.map((q) => q.id))
  })
})

describe('decodeQuakes on bad input', () => {
  it('skips features without a time or coordinates, and anything not a feature', () => {
    const json = collection(
      feature('a', 3000, [-122, 47.7, 5]),
      feature('no-time', null, [-122, 47.7, 5]),
      feature('string-time', '2026-01-15', [-122, 47.7, 5]),
      feature('no-coordinates', 2000, null),
      feature('short', 2000, [-122]),
      feature('text', 2000, ['-122', '47.7']),
      feature('off-earth', 2000, [-122, 147.7]),
      { type: 'Feature', id: 'no-geometry', properties: { time: 2000 } },
      null,
      'feature',
      feature('b', 1000, [-121, 47, null]),
    )
    expect(decodeQuakes(json, duvall).map((q) => [q.id, q.depthKm])).toEqual([
      ['a', 5],
      ['b', null],
    ])
  })

  it.each([
    ['https://earthquake.usgs.gov/x', 'https://earthquake.usgs.gov/x'],
    ['http://example.org/q', 'http://example.org/q'],
    ['javascript:alert(1)', null],
    ['ftp://example.org/q', null],
    ['/earthquakes/eventpage/x', null],
    [42, null],
  ])('url %j becomes %j', (url, expected) => {
    expect(decodeQuakes(collection(feature('a', 1, [-122, 47.7], { url })), duvall)[0]?.url).toBe(expected)
  })

  it('tolerates odd properties', () => {
    const odd = { mag: '4.5', place: 7, tsunami: true, url: null }
    const noId = { ...feature('', 1, [-122, 47.7, 3], odd), id: undefined }
    expect(decodeQuakes(collection(noId), duvall)[0]).toMatchObject({
      id: '1:47.7,-122',
      mag: null,
      magClass: null,
      place: '',
      tsunami: false,
      url: null,
    })
  })

  it('reads an empty collection', () => {
    expect(decodeQuakes(collection(), duvall)).toEqual([])
  })

  it.each([...UNUSABLE, ['an empty object', {}], ['features of a wrong type', { type: 'FeatureCollection', features: {} }]])(
    'throws a ProviderError for %s',
    (_, json) => {
      expect(() => decodeQuakes(json, duvall)).toThrow(ProviderError)
    },
  )
})
