// The road sources beyond single WZDx feeds: the WZDx Feed Registry, Caltrans lane closures and 511 events, on
// fixtures shaped like the real answers (tests/fixtures/feeds/registry, caltrans-lcs, 511).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeCaltransLcs } from '../../../server/feeds/adapters/caltrans-lcs.ts'
import { decodeEvents511, decodePolyline } from '../../../server/feeds/adapters/events511.ts'
import { directionWord } from '../../../server/feeds/adapters/road-event.ts'
import { decodeWzdxRegistry, flag, scheduleOf, stateCode } from '../../../server/feeds/adapters/wzdx-registry.ts'
import { parseFeedsConfig, resolveFeed } from '../../../server/feeds/config.ts'
import { registryFeedConfig } from '../../../server/feeds/registry.ts'
import type { DecodeContext } from '../../../server/feeds/types.ts'
import { expandRoads } from '../../../src/lib/live/roads.ts'

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8')
const NOW = new Date('2026-11-23T18:00:00Z')
const context = (options: Record<string, unknown> = {}): DecodeContext => ({ feedId: 'test', now: NOW, options })
const groups = (specialData: string | null) =>
  JSON.parse(specialData ?? '[]') as { Title: string; Items: Record<string, string>[] }[]

describe('WZDx Feed Registry rows', () => {
  const result = decodeWzdxRegistry(fixture('registry/wzdx-registry.json'), context())
  const feeds = result.feeds ?? []
  const byId = (id: string) => feeds.find((feed) => feed.id === id)

  it('makes one feed per good row, ids from state and feed name, and skips the bad rows saying why', () => {
    expect(feeds.map((feed) => feed.id)).toEqual([
      'wzdx-ia-iowa-dot-wzdx',
      'wzdx-ok-oktraffic-wzdx',
      'wzdx-co-cdot-planned-events',
      'wzdx-ks-kandrive-wzdx',
      'wzdx-md-mdot-sha-work-zones',
      'wzdx-ny-511ny-wzdx',
      'wzdx-ma-massdot-wzdx',
      'wzdx-tx-txdot-wzdx-xml',
      'wzdx-ia-iowa-dot-wzdx-2',
    ])
    expect(result.items).toEqual([])
    expect(result.skipped).toBe(4)
    expect(result.errors).toEqual([
      'row 9: UDOT WZDx: no url',
      'row 10: OHGO WZDx: url is not http(s)',
      'row 11: row without issuingorganization or feedname',
      'row 12: not an object',
    ])
  })

  it('reads the url as an object or a string, flags as booleans or words, and the update frequency', () => {
    expect(byId('wzdx-ia-iowa-dot-wzdx')).toMatchObject({
      url: 'https://iowa-atms.cloud-q-free.com/api/rest/dataprediction/wzdx',
      publisher: 'Iowa DOT',
      state: 'Iowa',
      active: true,
      needsKey: false,
      scheduleSeconds: 60,
      unsupported: null,
    })
    expect(byId('wzdx-md-mdot-sha-work-zones')).toMatchObject({
      url: 'https://filter.ritis.org/wzdx_v4.1/mdot.geojson',
      active: true,
      needsKey: false,
      scheduleSeconds: 3600,
    })
    expect(byId('wzdx-ks-kandrive-wzdx')).toMatchObject({ active: false, scheduleSeconds: 900 })
    expect(byId('wzdx-ma-massdot-wzdx')).toMatchObject({ scheduleSeconds: 60, version: '2.0' })
  })

  it('treats a token printed in the registered URL as public, and puts {key} where a placeholder is', () => {
    expect(byId('wzdx-ok-oktraffic-wzdx')).toMatchObject({
      needsKey: false,
      url: 'https://oktraffic.org/api/Wzdx?api_key=a5b8c7d2e1f04c3b9e6a',
    })
    expect(byId('wzdx-co-cdot-planned-events')).toMatchObject({
      needsKey: true,
      url: 'https://data.cotrip.org/api/v1/wzdx?apiKey={key}',
      keyUrl: 'https://manage-api.cotrip.org/login',
    })
    expect(byId('wzdx-ny-511ny-wzdx')).toMatchObject({ needsKey: true, url: 'https://511ny.org/api/wzdx' })
  })

  it('marks formats the engine cannot read', () => {
    expect(byId('wzdx-tx-txdot-wzdx-xml')?.unsupported).toMatch(/format XML/)
  })

  it('throws on a body that is not a list of rows, and on an empty one (a glitch must not stop every feed)', () => {
    expect(() => decodeWzdxRegistry('<html>', context())).toThrow(/not JSON/)
    expect(() => decodeWzdxRegistry('{"rows":1}', context())).toThrow(/array of rows/)
    expect(() => decodeWzdxRegistry('[]', context())).toThrow(/no rows/)
  })

  it('reads drifted values defensively', () => {
    expect([flag('Yes'), flag('no'), flag('TRUE'), flag(1), flag('maybe'), flag(null)]).toEqual([
      true,
      false,
      true,
      true,
      null,
      null,
    ])
    expect([
      scheduleOf('30s'),
      scheduleOf('15m'),
      scheduleOf('24h'),
      scheduleOf('5 minutes'),
      scheduleOf('1 hour'),
      scheduleOf(120),
    ]).toEqual([60, 900, 3600, 300, 3600, 120])
    expect([scheduleOf('real-time'), scheduleOf(''), scheduleOf('0m')]).toEqual([300, 300, 300])
    expect([stateCode('New York'), stateCode('IA'), stateCode('Multi-State'), stateCode(null)]).toEqual([
      'ny',
      'ia',
      'multi-state',
      'us',
    ])
  })

  describe('as feeds', () => {
    const registry = parseFeedsConfig({
      groups: {
        roads: [
          {
            id: 'wzdx-registry',
            name: 'WZDx Feed Registry',
            adapter: 'wzdx-registry',
            url: 'https://datahub.transportation.gov/resource/69qe-yiui.json',
            enabled: true,
            scheduleSeconds: 86_400,
            options: {
              exclude: ['wzdx-ma-massdot-wzdx'],
              overrides: { 'wzdx-ia-iowa-dot-wzdx': { scheduleSeconds: 120, maxBytes: 80_000_000 } },
            },
            attribution: { name: 'US DOT WZDx Feed Registry', url: 'https://data.transportation.gov/d/69qe-yiui' },
          },
        ],
      },
    }).feeds[0]!
    const feed = (id: string, env: Record<string, string> = {}) =>
      resolveFeed('roads', registryFeedConfig(byId(id)!, registry, env), env)

    it('runs active keyless rows with the publisher credited, the operator override applied', () => {
      expect(feed('wzdx-ia-iowa-dot-wzdx')).toMatchObject({
        enabled: true,
        adapter: 'wzdx',
        name: 'Iowa DOT WZDx (Iowa)',
        scheduleSeconds: 120,
        maxBytes: 80_000_000,
        options: { attributionName: 'Iowa DOT' },
        attribution: { name: 'Iowa DOT' },
        problem: null,
      })
      expect(feed('wzdx-ok-oktraffic-wzdx')).toMatchObject({
        enabled: true,
        url: 'https://oktraffic.org/api/Wzdx?api_key=a5b8c7d2e1f04c3b9e6a',
      })
    })

    it('keeps keyed rows listed and off until FEED_<ID>_KEY and FEED_<ID>_URL are set, the key only in that URL', () => {
      expect(feed('wzdx-co-cdot-planned-events')).toMatchObject({
        enabled: false,
        keyEnv: 'FEED_WZDX_CO_CDOT_PLANNED_EVENTS_KEY',
        name: 'CDOT Planned Events (Colorado) · off: needs a key: set FEED_WZDX_CO_CDOT_PLANNED_EVENTS_KEY',
      })
      // The registry's own URL never gets the key (issue 36): a registry edit could move it to another host.
      expect(feed('wzdx-co-cdot-planned-events', { FEED_WZDX_CO_CDOT_PLANNED_EVENTS_KEY: 'k 1' })).toMatchObject({
        enabled: false,
        url: null,
        name: 'CDOT Planned Events (Colorado) · off: needs its URL with {key}: set FEED_WZDX_CO_CDOT_PLANNED_EVENTS_URL',
      })
      expect(
        feed('wzdx-co-cdot-planned-events', {
          FEED_WZDX_CO_CDOT_PLANNED_EVENTS_KEY: 'k 1',
          FEED_WZDX_CO_CDOT_PLANNED_EVENTS_URL: 'https://data.cotrip.org/api/v1/wzdx?apiKey={key}',
        }),
      ).toMatchObject({ enabled: true, url: 'https://data.cotrip.org/api/v1/wzdx?apiKey=k%201', problem: null })
      // No placeholder in the registered URL: the operator gives the URL with {key}.
      expect(feed('wzdx-ny-511ny-wzdx', { FEED_WZDX_NY_511NY_WZDX_KEY: 'k' })).toMatchObject({
        enabled: false,
        name: '511NY WZDx (New York) · off: needs its URL with {key}: set FEED_WZDX_NY_511NY_WZDX_URL',
      })
      expect(
        feed('wzdx-ny-511ny-wzdx', {
          FEED_WZDX_NY_511NY_WZDX_KEY: 'k',
          FEED_WZDX_NY_511NY_WZDX_URL: 'https://511ny.org/api/wzdx?key={key}',
        }),
      ).toMatchObject({ enabled: true, url: 'https://511ny.org/api/wzdx?key=k', problem: null })
    })

    it('keeps inactive, excluded and unreadable rows off, saying why', () => {
      expect(feed('wzdx-ks-kandrive-wzdx')).toMatchObject({
        enabled: false,
        name: 'KanDrive WZDx (Kansas) · off: inactive in the registry',
      })
      expect(feed('wzdx-ma-massdot-wzdx')).toMatchObject({
        enabled: false,
        name: 'MassDOT WZDx (Massachusetts) · off: excluded in feeds.json',
      })
      expect(feed('wzdx-tx-txdot-wzdx-xml').enabled).toBe(false)
    })
  })
})

describe('Caltrans Lane Closure System', () => {
  const result = decodeCaltransLcs(fixture('caltrans-lcs/lcsStatusD07.json'), context({ district: 7 }))
  const item = (id: string) => result.items.find((entry) => entry.sourceId === id)

  it('keeps current and upcoming closures; leaves out picked-up, cancelled, ended and far-off ones; skips bad records', () => {
    expect(result.items.map((entry) => entry.sourceId)).toEqual([
      'd7-C7JA0123-1',
      'd7-C7JA0456-1',
      'd7-C7JB0001-1',
      'd7-C7JB0002-3',
    ])
    expect(result.skipped).toBe(6)
    expect(result.errors).toEqual([
      'record 8: closure without closureID',
      'record 9: d7-C7JB0003-1: no begin position',
      'record 10: d7-C7JB0004-1: no route',
      'record 11: d7-C7JB0005-1: no closureStartEpoch',
      'record 12: no lcs object',
    ])
  })

  it('makes a lane closure a road item with the direction, the lanes, the times and the route', () => {
    expect(item('d7-C7JA0123-1')).toMatchObject({
      aspect: 'roads',
      title: 'Lane closure: I-5 northbound, Imperial Hwy – Florence Ave',
      category: 'Construction',
      stateType: 'construction',
      state: 'active',
      priority: 'Warning',
      dataCategory: 'traffic',
      startsAt: '2026-11-23T15:00:00.000Z',
      endsAt: '2026-11-23T23:00:00.000Z',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-118.07018, 33.91732],
          [-118.0987, 33.93604],
        ],
      },
      attribution: { name: 'Caltrans', url: 'https://cwwp2.dot.ca.gov/' },
    })
    expect(item('d7-C7JA0123-1')?.lines).toEqual([
      'Paving',
      'Imperial Hwy – Florence Ave',
      'Near Norwalk, Los Angeles',
      'Crew on site: the closure is in place',
      'Estimated delay: 10 Minutes',
      'Closure schedule: daily',
    ])
    const [line] = groups(item('d7-C7JA0123-1')!.specialData)[0]!.Items
    expect(line).toMatchObject({
      Title: 'I-5 northbound: 1 of 4 lanes closed',
      StateType: 'lane',
      State: 'closed',
      Priority: 'Warning',
    })
  })

  it('keeps the kind visible: a full ramp closure is a closure, pending until it starts', () => {
    expect(item('d7-C7JA0456-1')).toMatchObject({
      title: 'Closure: I-605 off ramp southbound, Rosecrans Ave',
      category: 'Closure',
      stateType: 'closure',
      state: 'pending',
      priority: 'Medium',
      geometry: { type: 'Point' },
    })
    const [line] = groups(item('d7-C7JA0456-1')!.specialData)[0]!.Items
    expect(line).toMatchObject({ Title: 'I-605 off ramp southbound: all lanes closed', State: 'pending', StateType: 'lane' })
  })

  it('reads an indefinite end, both directions, postmiles and one-way traffic control', () => {
    expect(item('d7-C7JB0001-1')).toMatchObject({
      title: 'Shoulder closure: SR-2 both directions, PM 24.50–27.10',
      endsAt: null,
      priority: 'Info',
    })
    expect(item('d7-C7JB0001-1')?.lines).toContain('Until further notice')
    const [line] = groups(item('d7-C7JB0002-3')!.specialData)[0]!.Items
    expect(line).toMatchObject({ Title: 'SR-39 northbound: alternating one-way traffic', StateType: 'alternating' })
  })

  it('reads like a WZDx item on the roads page: direction and lane closure found', () => {
    const stored = item('d7-C7JA0123-1')!
    const shown = { id: 1, title: stored.title, priority: stored.priority, state: stored.state, stateType: stored.stateType }
    const { entries } = expandRoads([
      { ...shown, distance: null, data: { lines: stored.lines, specialData: stored.specialData } } as never,
    ])
    expect(entries[0]).toMatchObject({ direction: 'northbound', laneClosure: true })
  })

  it('throws when the body is not a district file', () => {
    expect(() => decodeCaltransLcs('<html>', context())).toThrow(/not JSON/)
    expect(() => decodeCaltransLcs('{"data":{}}', context())).toThrow(/no data array/)
  })
})

describe('511 events', () => {
  const result = decodeEvents511(
    fixture('511/events-ny.json'),
    context({ publisher: '511NY', publisherUrl: 'https://511ny.org/' }),
  )
  const item = (id: string) => result.items.find((entry) => entry.sourceId === id)

  it('keeps incidents, construction, closures, road conditions and special events; leaves out transit, ended and far-off ones', () => {
    expect(result.items.map((entry) => [entry.sourceId, entry.category])).toEqual([
      ['NYSDOT-512345', 'Incident'],
      ['NYSDOT-512346', 'Construction'],
      ['NYCDOT-77001', 'Closure'],
      ['NYSDOT-512347', 'Road condition'],
      ['NYSDOT-512348', 'Special event'],
      ['NYSDOT-512351', 'Construction'],
    ])
    expect(result.skipped).toBe(5)
    expect(result.errors).toEqual([
      'event 9: event without ID',
      'event 10: NYSDOT-512352: no RoadwayName',
      'event 11: no position',
      'event 12: not an object',
      'event 13: duplicate ID NYSDOT-512345',
    ])
  })

  it('makes an incident with its polyline, direction, lanes and severity, crediting the organisation via the 511 site', () => {
    expect(item('NYSDOT-512345')).toMatchObject({
      title: 'Incident: I-87 - New York State Thruway northbound',
      stateType: 'incident',
      state: 'active',
      priority: 'Urgent',
      startsAt: '2026-11-23T17:00:00.000Z',
      endsAt: '2026-11-23T20:00:00.000Z',
      link: 'https://511ny.org/',
      attribution: { name: 'NYSDOT via 511NY', url: 'https://511ny.org/' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-73.8735, 41.0712],
          [-73.87, 41.079],
          [-73.8671, 41.0868],
        ],
      },
    })
    expect(item('NYSDOT-512345')?.lines).toEqual([
      'Crash on I-87 northbound at Exit 9 (Tarrytown); right lane blocked.',
      'Crash',
      'Expect delays',
    ])
    const [line] = groups(item('NYSDOT-512345')!.specialData)[0]!.Items
    expect(line).toMatchObject({ Title: 'I-87 - New York State Thruway northbound: 1 Right Lane', StateType: 'incident' })
  })

  it('reads lane closures, full closures, restrictions and an open end', () => {
    const [work] = groups(item('NYSDOT-512346')!.specialData)[0]!.Items
    expect(work).toMatchObject({ Title: 'I-90 eastbound: 2 Left Lanes Closed', StateType: 'lane', State: 'closed' })
    expect(item('NYSDOT-512346')?.lines).toContain('Restrictions: width 11, speed 45')
    expect(item('NYSDOT-512346')?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [-73.846, 42.686],
        [-73.81, 42.706],
      ],
    })
    expect(item('NYCDOT-77001')).toMatchObject({ title: 'Closure: Broadway both directions', priority: 'Urgent' })
    expect(item('NYSDOT-512347')).toMatchObject({ stateType: 'weather', priority: 'Warning' })
    expect(item('NYSDOT-512348')).toMatchObject({ state: 'pending', priority: 'Medium' })
    expect(item('NYSDOT-512351')?.endsAt).toBeNull()
  })

  it('decodes encoded polylines and rejects broken ones', () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ])
    expect(decodePolyline('_p~iF~ps|U_')).toBeNull()
  })

  it('reads direction words as the roads page does', () => {
    expect(['NB', 'South', 'eastbound', 'W/B', 'Both Directions', 'Inner Loop'].map(directionWord)).toEqual([
      'northbound',
      'southbound',
      'eastbound',
      'westbound',
      'both',
      null,
    ])
  })

  it('throws when the body is not an event list', () => {
    expect(() => decodeEvents511('Invalid Key', context())).toThrow(/not JSON/)
    expect(() => decodeEvents511('{"events":[]}', context())).toThrow(/array of events/)
  })
})
