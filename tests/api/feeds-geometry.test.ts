// Items with shapes: polygon and line membership at the edges, distance to the shape, grid filing, NWS zones with a cache.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import { polygon as turfPolygon } from '@turf/helpers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import type { Feed } from '../../server/feeds/config.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { distanceToGeometry, geometryBox, parseGeometry } from '../../server/feeds/geometry.ts'
import { ZONE_RETRY_MS } from '../../server/feeds/zones.ts'
import { backends } from './backends.ts'
import { feedItem, itemsBody, square, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const MILE_LAT = 1 / 69.05
const T0 = new Date('2026-11-22T12:00:00.000Z')

describe('distanceToGeometry', () => {
  const box = { type: 'Polygon' as const, coordinates: square(47.7, -121.9, 0.1) }
  it('is 0 inside a polygon, up to its edge, and the distance to the edge outside', () => {
    expect(distanceToGeometry(47.7, -121.9, box)).toBe(0)
    expect(distanceToGeometry(47.7999, -121.9, box)).toBe(0)
    expect(distanceToGeometry(47.8 + 0.5 * MILE_LAT, -121.9, box)).toBeCloseTo(0.5, 1)
  })
  it('leaves out a polygon hole', () => {
    const holed = { type: 'Polygon' as const, coordinates: [...square(47.7, -121.9, 0.1), ...square(47.7, -121.9, 0.05)] }
    // In the hole: the nearest edge is the hole's east or west side, 0.05° of longitude away.
    expect(distanceToGeometry(47.7, -121.9, holed)).toBeCloseTo(0.05 * 69.05 * Math.cos((47.7 * Math.PI) / 180), 1)
  })
  it('measures to a line, past its end, and to points', () => {
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [-122.3, 47.5],
        [-122.1, 47.5],
      ] as [number, number][],
    }
    expect(distanceToGeometry(47.5 + 0.3 * MILE_LAT, -122.2, line)).toBeCloseTo(0.3, 1)
    expect(distanceToGeometry(47.5, -122.09, line)).toBeCloseTo(0.47, 1)
    expect(distanceToGeometry(47.5, -122.2, { type: 'Point', coordinates: [-122.2, 47.5] })).toBe(0)
  })
  it('tells inside from outside through its raster exactly as the full ray cast does (ragged rings, holes)', () => {
    let seed = 11
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (let shape = 0; shape < 40; shape++) {
      const lat = 30 + random() * 15
      const lon = -120 + random() * 40
      const ring = (scale: number, vertices: number): [number, number][] => {
        const points = Array.from({ length: vertices }, (_, index): [number, number] => {
          const angle = (index / vertices) * 2 * Math.PI
          const miles = scale * (0.5 + random() * 0.8)
          return [
            lon + (miles * Math.cos(angle)) / (69.05 * Math.cos((lat * Math.PI) / 180)),
            lat + (miles * Math.sin(angle)) / 69.05,
          ]
        })
        return [...points, points[0]!]
      }
      const coordinates = shape % 2 ? [ring(18, 150)] : [ring(18, 150), ring(5, 40)]
      const polygon = turfPolygon(coordinates)
      for (let point = 0; point < 500; point++) {
        const [y, x] = [lat + (random() - 0.5) * 0.6, lon + (random() - 0.5) * 0.8]
        const inside = distanceToGeometry(y, x, { type: 'Polygon', coordinates }) === 0
        expect(inside, `shape ${shape} point ${y},${x}`).toBe(booleanPointInPolygon([x, y], polygon))
      }
    }
  })
  it('refuses what is not a geometry and boxes what is, grown by the reach', () => {
    expect(parseGeometry('{"type":"Polygon","coordinates":[[["a"]]]}')).toBeNull()
    expect(parseGeometry('{"type":"Circle","coordinates":[0,0]}')).toBeNull()
    expect(parseGeometry('not json')).toBeNull()
    const grown = geometryBox(box, 6.905)
    expect(grown.minLat).toBeCloseTo(47.5, 6)
    expect(grown.maxLat).toBeCloseTo(47.9, 6)
  })
})

describe.each(await backends())('feed shapes on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let feed: Feed
  let call = 0

  const run = async (at: Date) => {
    await api.store.db.updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).execute()
    return runFeed(api.store.db, feed, { owner: 't', userAgent: 'ua', allowPrivate: true, now: () => at })
  }
  let staff = ''
  /**
   * Titles and distances of the statuses at a point (a layer per call keeps the micro-cache out of it; test
   * layers need a staff token).
   */
  const at = async (lat: number, lon: number) => {
    call = (call % 90) + 1
    staff ||= (await api.signIn('superadmin')).token
    const answer = await api.send('GET', `/api/reaction?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}&layer=${call}`, {
      token: staff,
    })
    return (answer.body.statuses.messages as { title: string; distance: number }[]).map((item) => [item.title, item.distance])
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    feed = testFeed({ url: `${fake.origin}/feed` })
  })
  beforeEach(async () => {
    await api.store.db.deleteFrom('items').execute()
    await api.store.db.deleteFrom('feeds').execute()
    await api.store.db.deleteFrom('feed_zones').execute()
    await ensureFeedRows(api.store.db, [feed.id], T0)
    fake.requests.length = 0
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('answers a polygon inside, within its reach outside, and not beyond', async () => {
    const polygon = { type: 'Polygon' as const, coordinates: square(47.7, -121.9, 0.1) }
    fake.pages.set('/feed', { body: itemsBody([feedItem('p', { title: 'Polygon', areaMiles: 1, geometry: polygon })]) })
    await run(T0)
    expect(await at(47.7999, -121.9)).toEqual([['Polygon', 0]])
    expect(await at(47.8 + 0.5 * MILE_LAT, -121.9)).toEqual([['Polygon', 0.5]])
    expect(await at(47.8 + 1.5 * MILE_LAT, -121.9)).toEqual([])
    // The circle of its representative point does not count: this is 0.8 mile from it but outside the shape's reach.
    const thin = { type: 'Polygon' as const, coordinates: square(47.0, -120.0, 0.001) }
    fake.pages.set('/feed', {
      body: itemsBody([feedItem('t', { title: 'Thin', lat: 47.0, lon: -120.0, areaMiles: 0.1, geometry: thin })]),
    })
    await run(new Date(T0.getTime() + 60_000))
    expect(await at(47.0 + 0.8 * MILE_LAT, -120.0)).toEqual([])
  })

  it('files a large polygon under every cell of its box', async () => {
    const state = { type: 'Polygon' as const, coordinates: square(46.5, -120, 1) }
    fake.pages.set('/feed', {
      body: itemsBody([feedItem('big', { title: 'Big', lat: 46.5, lon: -120, areaMiles: 0, geometry: state })]),
    })
    await run(T0)
    expect(await at(45.6, -119.1)).toEqual([['Big', 0]])
    expect(await at(47.4, -120.9)).toEqual([['Big', 0]])
    expect(await at(47.6, -120.9)).toEqual([])
  })

  it('answers a line within its reach, measured to the line', async () => {
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [-122.3, 47.5],
        [-122.1, 47.5],
      ] as [number, number][],
    }
    fake.pages.set('/feed', {
      body: itemsBody([feedItem('l', { title: 'Road work', lat: 47.5, lon: -122.3, areaMiles: 0.5, geometry: line })]),
    })
    await run(T0)
    expect(await at(47.5 + 0.3 * MILE_LAT, -122.2)).toEqual([['Road work', 0.3]])
    expect(await at(47.5 + 0.8 * MILE_LAT, -122.2)).toEqual([])
    expect(await at(47.5, -122.095)).toEqual([['Road work', 0.2]])
  })

  it('resolves zones into one shape, fetching each zone once', async () => {
    const zone = (lat: number) =>
      JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(lat, -121, 0.1) } })
    fake.pages.set('/zones/forecast/WAZ001', { body: zone(45) })
    fake.pages.set('/zones/county/WAC033', { body: zone(46) })
    const zones = [`${fake.origin}/zones/forecast/WAZ001`, `${fake.origin}/zones/county/WAC033`]
    fake.pages.set('/feed', { body: itemsBody([feedItem('z', { title: 'Zoned', lat: 0, lon: 0, areaMiles: 0, zones })]) })
    expect(await run(T0)).toMatchObject({ state: 'stored', pendingZones: 0, summary: { added: 1 } })
    expect(await at(46.05, -121.05)).toEqual([['Zoned', 0]])
    expect(await at(45.0, -121.0)).toEqual([['Zoned', 0]])
    expect(await at(45.5, -121.0)).toEqual([])
    fake.pages.set('/feed', { body: itemsBody([feedItem('z', { title: 'Zoned again', lat: 0, lon: 0, areaMiles: 0, zones })]) })
    await run(new Date(T0.getTime() + 120_000))
    expect(await at(46.05, -121.05)).toEqual([['Zoned again', 0]])
    expect(fake.hits('/zones/forecast/WAZ001')).toBe(1)
    expect(fake.hits('/zones/county/WAC033')).toBe(1)
    const row = await api.store.db.selectFrom('items').select(['lat', 'lon']).executeTakeFirstOrThrow()
    expect(row.lat).toBeCloseTo(45.5, 5)
  })

  it('holds an alert whose zones cannot be fetched yet, and tries again later', async () => {
    const zones = [`${fake.origin}/zones/forecast/WAZ999`]
    fake.pages.set('/feed', { body: itemsBody([feedItem('wait', { title: 'Waiting', lat: 0, lon: 0, zones })]) })
    expect(await run(T0)).toMatchObject({ state: 'stored', pendingZones: 1, summary: { added: 0 } })
    await run(new Date(T0.getTime() + 60_000))
    expect(fake.hits('/zones/forecast/WAZ999')).toBe(1)
    fake.pages.set('/zones/forecast/WAZ999', {
      body: JSON.stringify({ type: 'MultiPolygon', coordinates: [square(44, -110, 0.1)] }),
    })
    expect(await run(new Date(T0.getTime() + ZONE_RETRY_MS + 60_000))).toMatchObject({ pendingZones: 0, summary: { added: 1 } })
    expect(await at(44, -110)).toEqual([['Waiting', 0]])
  })
})
