import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import GtfsRealtimeBindings from 'gtfs-realtime-bindings'
import { decodeGtfsRt, gtfsRtPriority } from '../../../server/feeds/adapters/gtfs-rt.ts'
import { readStaticGtfs } from '../../../server/feeds/transit/static-gtfs.ts'
import type { TransitIndex } from '../../../server/feeds/transit/transit-index.ts'
import type { DecodeContext, FeedItem } from '../../../server/feeds/types.ts'
import { alertsBytes, alertsObject, FIXTURE_NOW } from '../../fixtures/feeds/gtfs/alerts.ts'

const { FeedMessage } = GtfsRealtimeBindings.transit_realtime
const pb = readFileSync(new URL('../../fixtures/feeds/gtfs/svt-alerts.pb', import.meta.url))
const body = pb.toString('base64')
let index: TransitIndex
const context = (options: Record<string, unknown> = { transit: index }): DecodeContext => ({
  feedId: 'gtfs-rt-svt',
  now: new Date(FIXTURE_NOW * 1000),
  options,
})
const byId = (items: FeedItem[], id: string) => items.find((item) => item.sourceId === id)
/** A feed of one alert entity, encoded by the bindings. */
const oneAlert = (alert: Record<string, unknown>) =>
  Buffer.from(
    FeedMessage.encode(
      FeedMessage.fromObject({ header: { gtfsRealtimeVersion: '2.0' }, entity: [{ id: 'a1', alert }] }),
    ).finish(),
  ).toString('base64')

beforeAll(async () => {
  index = await readStaticGtfs(readFileSync(new URL('../../fixtures/feeds/gtfs/svt-gtfs.zip', import.meta.url)))
})

describe('the fixture', () => {
  it('is what the generator encodes with the bindings', () => {
    expect(Buffer.from(alertsBytes()).equals(pb)).toBe(true)
    expect(FeedMessage.decode(pb).entity).toHaveLength(alertsObject().entity.length)
  })
})

describe('decodeGtfsRt', () => {
  it('makes a Transit status of a route-wide detour over the area of its stops, with both languages', () => {
    const { items } = decodeGtfsRt(body, context())
    const detour = byId(items, 'svt-detour-dv')!
    expect(detour).toMatchObject({
      aspect: 'statuses',
      title: 'Detour: Valley Shuttle Duvall – Carnation – Fall City',
      dataCategory: 'services',
      category: 'Transit',
      stateType: 'transit',
      state: 'active',
      priority: 'Medium',
      link: 'https://www.svtbus.org/alerts/dv-detour',
      areaMiles: 1,
      startsAt: '2026-11-23T16:00:00.000Z',
      endsAt: '2026-11-26T18:00:00.000Z',
      attribution: { name: 'Snoqualmie Valley Transportation', url: 'https://www.svtbus.org/' },
    })
    expect(detour.lines).toEqual([
      'Valley Shuttle detoured around Tolt Ave in Carnation',
      'Buses use Stossel Ave while Tolt Ave is repaved. The Tolt Ave & Bird St stop is closed.',
      'Cause: Construction',
    ])
    // The box of the DV route's stops (Duvall to Fall City), not the agency's nor the state.
    expect(detour.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-121.9854, 47.5674],
          [-121.889, 47.5674],
          [-121.889, 47.7419],
          [-121.9854, 47.7419],
          [-121.9854, 47.5674],
        ],
      ],
    })
    expect(detour.lat).toBeCloseTo(47.65465, 4)
    expect(detour.lon).toBeCloseTo(-121.9372, 4)
    const special = JSON.parse(detour.specialData!) as {
      transit: Record<string, unknown>
      translations: Record<string, { title: string; lines: string[] }>
    }
    expect(special.transit).toEqual({
      agency: 'Snoqualmie Valley Transportation',
      routes: ['Valley Shuttle Duvall – Carnation – Fall City'],
      stops: [],
      cause: 'CONSTRUCTION',
      effect: 'DETOUR',
      periods: [['2026-11-23T16:00:00.000Z', '2026-11-26T18:00:00.000Z']],
    })
    // The other five languages, as src/lib/live/translations.ts reads them; English is the item itself.
    expect(Object.keys(special.translations)).toEqual(['es', 'fr', 'de', 'ja', 'zh'])
    expect(special.translations['es']).toEqual({
      title: 'Desvío: Valley Shuttle Duvall – Carnation – Fall City',
      lines: [
        'Desvío del Valley Shuttle por Tolt Ave en Carnation',
        'Los autobuses usan Stossel Ave mientras se repavimenta Tolt Ave. La parada Tolt Ave y Bird St está cerrada.',
        'Causa: Obras',
      ],
    })
    // No German text in the feed: the default text, with the cause and effect in German.
    expect(special.translations['de']?.title).toBe('Umleitung: Valley Shuttle Duvall – Carnation – Fall City')
    expect(special.translations['de']?.lines[0]).toBe('Valley Shuttle detoured around Tolt Ave in Carnation')
    expect(special.translations['de']?.lines[2]).toBe('Ursache: Bauarbeiten')
  })

  it('places a stop alert at the stop, an agency-wide one over the agency, and a trip by its route', () => {
    const { items } = decodeGtfsRt(body, context())
    const moved = byId(items, 'svt-stop-moved-snf')!
    expect(moved.title).toBe('Stop moved: Snoqualmie Valley Transportation')
    expect(moved.geometry).toEqual({ type: 'MultiPoint', coordinates: [[-121.8369, 47.5417]] })
    expect([moved.lat, moved.lon, moved.endsAt]).toEqual([47.5417, -121.8369, null])
    expect(moved.lines).toEqual(['Snoqualmie Falls Park stop moved 200 ft north', 'Cause: Maintenance'])
    const holiday = byId(items, 'svt-thanksgiving')!
    expect(holiday).toMatchObject({ title: 'Reduced service: Snoqualmie Valley Transportation', state: 'pending' })
    // The agency's stops (each with the reach around it), not their box.
    expect(holiday.geometry?.type).toBe('MultiPoint')
    expect(holiday.geometry?.coordinates).toHaveLength(10)
    expect(holiday.geometry?.coordinates).toContainEqual([-121.7868, 47.4957])
    const trip = byId(items, 'svt-trip-224')!
    expect(trip).toMatchObject({ title: 'No service: 224 Redmond – Duvall', priority: 'Medium' })
  })

  it('leaves out ended, deleted and non-alert entities, and skips an alert it cannot place', () => {
    const result = decodeGtfsRt(body, context())
    expect(result.items.map((item) => item.sourceId).sort()).toEqual([
      'svt-detour-dv',
      'svt-stop-moved-snf',
      'svt-thanksgiving',
      'svt-trip-224',
    ])
    expect(result.skipped).toBe(1)
    expect(result.errors).toEqual(['entity svt-unknown-stop: no known stop, route or agency'])
  })

  it('picks the next active period, a regional language tag, and a route with unknown stops falls back to the agency', () => {
    const now = FIXTURE_NOW
    const feed = oneAlert({
      activePeriod: [
        { start: now - 7200, end: now - 3600 },
        { start: now + 3600, end: now + 7200 },
      ],
      informedEntity: [{ routeId: 'NO-TRIPS' }],
      effect: 6,
      headerText: { translation: [{ text: 'Cambio', language: 'es-US' }, { text: 'Change' }] },
    })
    const withRoute: TransitIndex = { ...index, routes: { ...index.routes, 'NO-TRIPS': { name: 'X', agency: 'SVT', box: null } } }
    const [item] = decodeGtfsRt(feed, context({ transit: withRoute })).items
    expect(item).toMatchObject({
      title: 'Modified service: X',
      state: 'pending',
      startsAt: new Date((now + 3600) * 1000).toISOString(),
      lines: ['Change'],
    })
    expect(item?.geometry?.coordinates).toEqual(
      decodeGtfsRt(body, context()).items.find((i) => i.sourceId === 'svt-thanksgiving')?.geometry?.coordinates,
    )
    expect(
      (JSON.parse(item!.specialData!) as { translations: Record<string, { lines: string[] }> }).translations['es']?.lines,
    ).toEqual(['Cambio'])
  })

  it('takes an agency_id that agency.txt does not carry as the only agency', () => {
    const unnamed: TransitIndex = { ...index, agencies: { '': index.agencies['SVT']! } }
    const [item] = decodeGtfsRt(
      oneAlert({ informedEntity: [{ agencyId: 'svt-1' }], effect: 2 }),
      context({ transit: unnamed }),
    ).items
    expect(item).toMatchObject({ title: 'Reduced service: Snoqualmie Valley Transportation', geometry: { type: 'MultiPoint' } })
    const two: TransitIndex = { ...unnamed, agencies: { ...unnamed.agencies, OTHER: { name: 'Other', url: null, box: null } } }
    expect(
      decodeGtfsRt(oneAlert({ informedEntity: [{ agencyId: 'svt-1' }], effect: 2 }), context({ transit: two })).skipped,
    ).toBe(1)
  })

  it('rates priority from the effect and the severity', () => {
    expect(gtfsRtPriority('DETOUR', 'UNKNOWN_SEVERITY')).toBe('Medium')
    expect(gtfsRtPriority('NO_SERVICE', 'SEVERE')).toBe('Warning')
    expect(gtfsRtPriority('ADDITIONAL_SERVICE', 'UNKNOWN_SEVERITY')).toBe('Info')
    expect(gtfsRtPriority('DETOUR', 'INFO')).toBe('Info')
  })

  it('throws on a body that is not a FeedMessage or without the static index, never on one bad entity', () => {
    expect(() => decodeGtfsRt(Buffer.from('<html>Service Unavailable</html>').toString('base64'), context())).toThrow(
      'GTFS-realtime',
    )
    expect(() => decodeGtfsRt(body, context({}))).toThrow('static GTFS')
    expect(() => decodeGtfsRt('', context())).toThrow('GTFS-realtime')
    const empty = FeedMessage.encode(FeedMessage.fromObject({ header: { gtfsRealtimeVersion: '2.0' } })).finish()
    expect(decodeGtfsRt(Buffer.from(empty).toString('base64'), context())).toEqual({ items: [], skipped: 0, errors: [] })
    const bad = oneAlert({ informedEntity: [], effect: 4 })
    expect(decodeGtfsRt(bad, context())).toMatchObject({ items: [], skipped: 1 })
  })
})
