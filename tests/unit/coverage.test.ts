import { describe, expect, it } from 'vitest'
import type { FeedRow } from '../../server/db/schema.ts'
import { parseFeedsConfig, resolveFeed, type Feed } from '../../server/feeds/config.ts'
import { coverage, forState, stateCodeOf, statesIn, type CoverageInput } from '../../server/lib/coverage.ts'

const NOW = new Date('2026-11-22T12:00:00.000Z')
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()
const attribution = { name: 'Publisher', url: null }
const feed = (fields: Record<string, unknown>) => ({
  scheduleSeconds: 300,
  attribution,
  url: 'https://feeds.example/x',
  ...fields,
})

const config = parseFeedsConfig(
  {
    groups: {
      alerts: [
        feed({ id: 'nws-alerts', name: 'NWS active alerts', adapter: 'nws', enabled: true }),
        feed({ id: 'catalogue', name: 'Transit catalogue', adapter: 'gtfs-rt-catalog', enabled: true, scheduleSeconds: 86400 }),
      ],
      roads: [
        feed({ id: 'registry', name: 'WZDx Feed Registry', adapter: 'wzdx-registry', enabled: true, scheduleSeconds: 86400 }),
        feed({ id: 'lcs-d4', name: 'Caltrans lane closures, District 4 (California)', adapter: 'caltrans-lcs', enabled: true }),
        feed({
          id: 'ny-events',
          name: '511NY (New York) events',
          adapter: '511-events',
          url: 'https://511ny.org/?key={key}',
          keyEnv: 'NY_KEY',
        }),
        feed({ id: 'maricopa', name: 'Maricopa County (AZ) work zones', adapter: 'wzdx', enabled: false }),
        feed({ id: 'somewhere', name: 'A county road feed', adapter: 'wzdx', enabled: true }),
        feed({ id: 'told', name: 'Operator says', adapter: 'wzdx', enabled: true, options: { states: ['OR', 'Washington'] } }),
      ],
      cameras: [
        feed({
          id: 'wsdot',
          name: 'WSDOT highway cameras (Washington)',
          adapter: 'wsdot-cameras',
          enabled: true,
          keyEnv: 'WSDOT',
          url: 'https://w/?c={key}',
        }),
        feed({ id: 'example', name: 'Example mapping', adapter: 'camera-mapping', url: null }),
      ],
    },
  },
  {},
)

/** Feeds a registry made: Missouri running, Colorado keyed, Kansas inactive. */
const listedFeeds: Feed[] = [
  resolveFeed('roads', feed({ id: 'wzdx-mo-modot', name: 'MoDOT WZDx (Missouri)', adapter: 'wzdx', enabled: true }), {}),
  resolveFeed(
    'roads',
    feed({
      id: 'wzdx-co-cdot',
      name: 'CDOT (Colorado) · off: needs a key: set X',
      adapter: 'wzdx',
      keyEnv: 'FEED_WZDX_CO_CDOT_KEY',
    }),
    {},
  ),
  resolveFeed(
    'roads',
    feed({ id: 'wzdx-ks-kandrive', name: 'KanDrive (Kansas) · off: inactive in the registry', adapter: 'wzdx' }),
    {},
  ),
]

const row = (id: string, fields: Partial<FeedRow>): FeedRow => ({
  id,
  last_run_at: null,
  last_success_at: null,
  last_error: null,
  last_error_at: null,
  etag: null,
  last_modified: null,
  item_count: 0,
  next_run_at: NOW.toISOString(),
  failures: 0,
  withheld: 0,
  skipped: 0,
  claimed_until: null,
  claimed_by: null,
  cursor: null,
  left_out: null,
  ...fields,
})

const input: CoverageInput = {
  feeds: [...config.feeds, ...listedFeeds],
  listed: new Map([
    ['wzdx-mo-modot', { state: 'Missouri', active: true, unsupported: null }],
    ['wzdx-co-cdot', { state: 'CO', active: true, unsupported: null }],
    ['wzdx-ks-kandrive', { state: 'Kansas', active: false, unsupported: null }],
  ]),
  rows: new Map([
    ['nws-alerts', row('nws-alerts', { last_success_at: ago(1) })],
    ['lcs-d4', row('lcs-d4', { last_success_at: ago(2 * 60), failures: 0 })],
    ['wzdx-mo-modot', row('wzdx-mo-modot', { last_success_at: ago(3) })],
    ['somewhere', row('somewhere', { failures: 3, last_error: 'HTTP 503 at https://secret.example/?key=abc' })],
    ['registry', row('registry', { last_success_at: ago(60) })],
  ]),
  counts: new Map([
    ['nws-alerts', 412],
    ['wzdx-mo-modot', 7],
  ]),
  businesses: {
    id: 'osm',
    name: 'Local businesses (OpenStreetMap via Overpass)',
    enabled: true,
    lastSuccessAt: ago(10),
    lastErrorAt: null,
    itemCount: 90,
    attribution: { name: 'OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
  },
  env: {},
  now: NOW,
}

describe('coverage', () => {
  const answer = coverage(input)
  const source = (id: string) => answer.sources.find((each) => each.id === id)
  const state = (code: string) => answer.states.find((each) => each.code === code)!

  it('places each source by section and state, from its configuration and registry row', () => {
    expect(source('nws-alerts')).toMatchObject({ section: 'statuses', states: ['us'], status: 'ok', items: 412 })
    expect(source('lcs-d4')).toMatchObject({ section: 'roads', states: ['ca'] })
    expect(source('maricopa')).toMatchObject({ states: ['az'], status: 'off', off: 'disabled' })
    expect(source('wsdot')).toMatchObject({ section: 'cameras', states: ['wa'] })
    expect(source('told')!.states).toEqual(['or', 'wa'])
    expect(source('wzdx-mo-modot')).toMatchObject({ name: 'MoDOT WZDx (Missouri)', states: ['mo'], status: 'ok', items: 7 })
    expect(source('osm')).toMatchObject({ section: 'local', states: ['us'], status: 'ok', items: 90 })
    expect(answer.national).toEqual({ statuses: ['nws-alerts'], roads: [], cameras: [], local: ['osm'] })
    expect(state('mo').sections.roads).toEqual(['wzdx-mo-modot'])
    expect(state('wa').sections).toEqual({ statuses: [], roads: ['told'], cameras: ['wsdot'], local: [] })
    expect(answer.unplaced).toEqual(['somewhere'])
    expect(answer.states).toHaveLength(52)
  })

  it('tells health honestly: failing, stale, waiting, and why a source is off', () => {
    expect(source('somewhere')).toMatchObject({ status: 'failing', off: null })
    // Two hours without a success on a 5-minute schedule: older than three missed runs.
    expect(source('lcs-d4')).toMatchObject({ status: 'stale' })
    expect(source('told')).toMatchObject({ status: 'waiting' })
    expect(source('ny-events')).toMatchObject({ status: 'off', off: 'key', states: ['ny'] })
    expect(source('wsdot')).toMatchObject({ status: 'off', off: 'key' })
    expect(source('wzdx-co-cdot')).toMatchObject({ name: 'CDOT (Colorado)', status: 'off', off: 'key', states: ['co'] })
    expect(source('wzdx-ks-kandrive')).toMatchObject({ status: 'off', off: 'inactive', states: ['ks'] })
  })

  it('says nothing of errors, addresses or keys', () => {
    const text = JSON.stringify(answer)
    expect(text).not.toContain('secret.example')
    expect(text).not.toContain('HTTP 503')
    expect(text).not.toContain('511ny.org/?key')
    expect(text).not.toContain('FEED_WZDX_CO_CDOT_KEY')
  })

  it('lists registries apart and leaves out configuration examples', () => {
    expect(answer.registries.map((each) => [each.id, each.status])).toEqual([
      ['catalogue', 'waiting'],
      ['registry', 'ok'],
    ])
    expect(source('registry')).toBeUndefined()
    expect(source('example')).toBeUndefined()
  })

  it('runs a keyed source once its key is set', () => {
    const keyed = coverage({
      ...input,
      feeds: parseFeedsConfig(
        {
          groups: {
            roads: [feed({ id: 'k', name: 'K (Utah)', adapter: 'x', enabled: true, url: 'https://u/?k={key}', keyEnv: 'K' })],
          },
        },
        { K: 'v' },
      ).feeds,
      env: { K: 'v' },
    })
    expect(keyed.sources[0]).toMatchObject({ status: 'waiting', off: null, states: ['ut'] })
  })

  it('answers for one state with the nationwide sources and its own', () => {
    const wa = forState(answer, 'wa')
    expect(wa.states.map((each) => each.code)).toEqual(['wa'])
    expect(wa.sources.map((each) => each.id).sort()).toEqual(['nws-alerts', 'osm', 'told', 'wsdot'])
  })
})

describe('states from text', () => {
  it.each([
    ['Caltrans cameras, District 4 (California)', ['ca']],
    ['NWS active alerts (United States)', ['us']],
    ['West Virginia 511', ['wv']],
    ['Virginia DOT', ['va']],
    ['Arkansas work zones', ['ar']],
    ['Maricopa County (AZ) regional work zones', ['az']],
    ['511NY (New York) cameras', ['ny']],
    ['Kansas City (MO) and Kansas', ['ks', 'mo']],
    ['NIFC WFIGS wildfire perimeters (current)', []],
  ])('%s → %j', (text, states) => expect(statesIn(text)).toEqual(states))

  it('reads state codes and names, and nothing else', () => {
    expect(stateCodeOf('Iowa')).toBe('ia')
    expect(stateCodeOf(' IA ')).toBe('ia')
    expect(stateCodeOf('Multi-state')).toBeNull()
    expect(stateCodeOf(42)).toBeNull()
  })
})
