import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expandRoads } from '../../../src/lib/live/roads.ts'
import type { AlertItem } from '../../../src/lib/items.ts'
import { decodeWzdx, REACH_MILES } from '../../../server/feeds/adapters/wzdx.ts'
import type { DecodeContext, FeedItem } from '../../../server/feeds/types.ts'
import { alertItem } from '../live/alert-item.ts'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/feeds/wzdx/${name}`, import.meta.url), 'utf8')
const at = (iso: string, options: Record<string, unknown> = {}): DecodeContext => ({
  feedId: 'wzdx',
  now: new Date(iso),
  options,
})
const decode = (name: string, iso: string, options: Record<string, unknown> = {}) => decodeWzdx(fixture(name), at(iso, options))

/** What the roads page makes of a decoded item: its expanded entries (src/lib/live/roads.ts). */
function entries(item: FeedItem | undefined) {
  const view: AlertItem = alertItem({
    id: 1,
    title: item?.title ?? '',
    priority: item?.priority ?? 'Normal',
    data: { ...alertItem({ id: 1 }).data, specialData: item?.specialData ?? null, lines: item?.lines ?? [] },
  })
  return expandRoads([view]).entries.map((entry) => ({
    title: entry.title,
    state: entry.state,
    direction: entry.direction,
    laneClosure: entry.laneClosure,
    priority: entry.priority,
  }))
}

describe('the specification examples (v4.2)', () => {
  it.each<[string, string, number, string[]]>([
    [
      'scenario1_simple_linestring_example.geojson',
      '2010-01-01T15:00:00Z',
      5,
      [
        'Work zone: I-80 / I-35 northbound, MP 125.2–126.3',
        'Work zone: 128th Street northbound, US 6, Hickman Road – Douglas Ave',
        'Work zone: I-235 westbound, MP 3.1–2.9',
        'Work zone: I-235 westbound, MP 2.9–2.5',
        'Work zone: I-235 westbound, MP 2.5–2',
      ],
    ],
    ['scenario1_simple_multipoint_example.geojson', '2010-01-01T15:00:00Z', 5, []],
    [
      'scenario2_laneshift_linestring_example.geojson',
      '2010-01-02T00:00:00Z',
      1,
      ['Work zone: I-80 / I-35 westbound, MP 133.967–133.112'],
    ],
    [
      'scenario3_shoulder_bidirectional_linestring_example.geojson',
      '2010-01-01T12:00:00Z',
      2,
      ['Work zone: IA 210 eastbound, 570th Avenue – 610th Avenue', 'Work zone: IA 210 westbound, 610th Avenue – 570th Avenue'],
    ],
    ['scenario4_detour_linestring_example.geojson', '2010-02-01T00:00:00Z', 4, []],
    [
      'scenario6_multi_lane_closure_linestring_example.geojson',
      '2010-02-01T00:00:00Z',
      1,
      ['Work zone: I-80 westbound, MP 139.9–138.5'],
    ],
    ['scenario8_local_access_only_bidirectional_linestring_example.geojson', '2010-01-01T12:00:00Z', 2, []],
    ['v3.1_scenario4_detour_linestring_example.geojson', '2010-02-01T00:00:00Z', 4, []],
  ])('%s', (name, now, count, titles) => {
    const { items, skipped, errors } = decode(name, now)
    expect([items.length, skipped, errors]).toEqual([count, 0, []])
    if (titles.length) expect(items.map((item) => item.title)).toEqual(titles)
    for (const item of items) {
      expect(item).toMatchObject({ aspect: 'roads', dataCategory: 'traffic', areaMiles: REACH_MILES })
      expect(item.geometry?.type).toBe('LineString')
      expect(item.attribution.url).toBe('https://creativecommons.org/publicdomain/zero/1.0/')
    }
  })

  it('drops every event once it has ended', () => {
    expect(decode('scenario1_simple_linestring_example.geojson', '2011-01-01T00:00:00Z').items).toEqual([])
  })

  it('shows every lane with its status and marks closures', () => {
    const [item] = decode('scenario6_multi_lane_closure_linestring_example.geojson', '2010-02-01T00:00:00Z').items
    expect(entries(item)).toEqual([
      {
        title: 'I-80 westbound: left shoulder closed',
        state: 'closed',
        direction: 'westbound',
        laneClosure: false,
        priority: 'Info',
      },
      {
        title: 'I-80 westbound: left lane closed',
        state: 'closed',
        direction: 'westbound',
        laneClosure: true,
        priority: 'Warning',
      },
      {
        title: 'I-80 westbound: center lane closed',
        state: 'closed',
        direction: 'westbound',
        laneClosure: true,
        priority: 'Warning',
      },
      { title: 'I-80 westbound: right lane open', state: 'open', direction: 'westbound', laneClosure: false, priority: 'Info' },
      {
        title: 'I-80 westbound: right shoulder open',
        state: 'open',
        direction: 'westbound',
        laneClosure: false,
        priority: 'Info',
      },
    ])
    expect(item).toMatchObject({ priority: 'Warning', state: 'active', stateType: 'work-zone', category: 'Work zone' })
    expect(item?.lines).toEqual([
      'Multi-lane closure example',
      'MP 139.9–138.5',
      'Workers present',
      'Reduced speed limit: 55 mph',
      'Restrictions: reduced width 16 feet, reduced weight 156000 pounds',
    ])
    expect(item?.attribution.name).toBe('Test City 1 via TestDOT')
  })

  it('marks an upcoming event pending and keeps it below the banner', () => {
    const [item] = decode('scenario6_multi_lane_closure_linestring_example.geojson', '2010-01-01T00:00:00Z').items
    expect(item).toMatchObject({ state: 'pending', priority: 'Medium' })
    expect(entries(item).map((entry) => [entry.state, entry.priority])).toContainEqual(['pending', 'Medium'])
  })

  it('reads a lane shift as open lanes that shift', () => {
    const [item] = decode('scenario2_laneshift_linestring_example.geojson', '2010-01-02T00:00:00Z').items
    expect(entries(item).map((entry) => entry.title)).toContain('I-80 / I-35 westbound: center lane shifts right')
    expect(entries(item).some((entry) => entry.laneClosure)).toBe(false)
  })

  it('turns a MultiPoint into the line between its ends', () => {
    const [item] = decode('scenario1_simple_multipoint_example.geojson', '2010-01-01T15:00:00Z').items
    expect(item?.geometry).toMatchObject({ type: 'LineString' })
    expect([item?.lon, item?.lat]).toEqual((item?.geometry?.coordinates as number[][])[0])
  })

  it('decodes detours as their own road items', () => {
    const { items } = decode('scenario4_detour_linestring_example.geojson', '2010-02-01T00:00:00Z')
    const detours = items.filter((item) => item.category === 'Detour')
    expect(detours.map((item) => item.title)).toEqual([
      'Detour: F22 westbound, I-35 – US 69',
      'Detour: US 69 northbound, NE 126th Avenue – IA 210',
      'Detour: IA 210 eastbound, US 69 – I-35',
    ])
    expect(entries(detours[0])).toEqual([
      { title: 'F22 westbound: detour route', state: 'active', direction: 'westbound', laneClosure: false, priority: 'Info' },
    ])
  })

  it('shows a recurring work zone once, the occurrence now or next', () => {
    const day1 = decode('scenario5_recurring_linestring_example.geojson', '2022-01-01T12:00:00Z').items
    const occurrences = (item: FeedItem) => (JSON.parse(item.specialData ?? '[]') as { Schedule?: unknown[] }[])[0]?.Schedule
    expect(day1.map((item) => [item.sourceId, item.state, occurrences(item)?.length])).toEqual([
      ['a2100c5b-58b9-4593-992d-0795bafe3d8d', 'active', 4],
    ])
    const night = decode('scenario5_recurring_linestring_example.geojson', '2022-01-02T20:00:00Z').items
    expect(night.map((item) => [item.sourceId, item.state])).toEqual([['ff3f888f-7e11-4a5b-8c04-3182a459a756', 'pending']])
  })

  it('shows the active part of a mobile operation, not its planned area too', () => {
    const { items } = decode('scenario7_mobileoperation_linestring_example.geojson', '2022-09-13T15:00:00Z')
    expect(items.map((item) => item.sourceId)).toEqual(['71a97769-6c61-41a8-bbfd-0d84e0d073e6'])
    expect(items[0]?.lines).toContain('Mobile operation: the work zone moves along the road')
  })

  it('keeps both directions of a bidirectional work zone', () => {
    const { items } = decode('scenario3_shoulder_bidirectional_linestring_example.geojson', '2010-01-01T12:00:00Z')
    expect(items.map((item) => entries(item)[0]?.direction)).toEqual(['eastbound', 'westbound'])
  })
})

describe('older and real-shaped feeds', () => {
  it('reads a v2.0 feed: road_name, lanes from the right edge, events by status', () => {
    const { items, skipped } = decode('v2.0_king-county_road-events.geojson', '2026-11-23T18:00:00Z')
    expect(skipped).toBe(0)
    expect(items.map((item) => [item.sourceId, item.state])).toEqual([
      ['KC-2026-0417', 'active'],
      ['KC-2026-0430', 'pending'],
    ])
    expect(entries(items[0]).map((entry) => [entry.title, entry.laneClosure])).toEqual([
      ['Woodinville-Duvall Rd eastbound: left lane open', false],
      ['Woodinville-Duvall Rd eastbound: right lane closed', true],
    ])
    expect(items[0]?.lines).toContain('Reduced speed limit: 25 mph')
    expect(items[0]?.attribution).toEqual({ name: 'King County Road Services', url: null })
    expect(entries(items[1])[0]).toMatchObject({
      title: 'W Snoqualmie Valley Rd NE southbound: alternating one-way traffic',
      state: 'pending',
    })
  })

  it('reads the Seattle-area v4.2 feed', () => {
    const { items } = decode('v4.2_seattle-area.geojson', '2026-11-23T18:00:00Z', {
      attributionUrl: 'https://wsdot.wa.gov/',
    })
    expect(items.map((item) => [item.title, item.priority, item.state])).toEqual([
      ['Work zone: I-5 southbound, Mercer St – James St', 'Warning', 'active'],
      ['Work zone: SR 520 eastbound', 'Warning', 'active'],
      ['Work zone: SR 203 northbound, MP 10.2–11.1', 'Warning', 'active'],
      ['Work zone: NE 124th St eastbound', 'Medium', 'pending'],
      ['Detour: NE Woodinville-Duvall Rd eastbound, W Snoqualmie Valley Rd NE – SR 203', 'Info', 'pending'],
    ])
    expect(items[0]).toMatchObject({
      link: 'https://wsdot.wa.gov/',
      attribution: { name: 'Washington State DOT', url: 'https://wsdot.wa.gov/' },
    })
    expect(items[0]?.lines).toContain('Reduced speed limit: 45 mph')
    expect(entries(items[2])[0]).toMatchObject({
      title: 'SR 203 northbound: flaggers directing traffic',
      direction: 'northbound',
    })
    expect(entries(items[3])[0]).toMatchObject({
      title: 'NE 124th St eastbound: all lanes closed',
      laneClosure: true,
      priority: 'Medium',
    })
  })

  it('leaves out events beyond the horizon', () => {
    expect(decode('v4.2_seattle-area.geojson', '2026-11-23T18:00:00Z', { horizonDays: 1 }).items).toHaveLength(3)
  })

  it('skips and counts malformed events, keeping the good one', () => {
    const { items, skipped, errors } = decode('v4.2_malformed-events.geojson', '2026-11-23T18:00:00Z')
    expect(items.map((item) => item.sourceId)).toEqual(['2f0c6a8e-1b7d-4e55-9a0b-3c2d1e4f5a61'])
    expect(skipped).toBe(9)
    expect(errors).toHaveLength(5)
  })
})

describe('bodies that are not WZDx', () => {
  it.each([
    ['not JSON', '<html>502</html>'],
    ['a list', '[]'],
    ['no features', JSON.stringify({ type: 'FeatureCollection', feed_info: {} })],
    ['no feed info', JSON.stringify({ type: 'FeatureCollection', features: [] })],
    ['a device feed root', JSON.stringify({ type: 'Feature', feed_info: {}, features: [] })],
  ])('throws on %s', (_, body) => {
    expect(() => decodeWzdx(body, at('2026-11-23T18:00:00Z'))).toThrow(/WZDx/)
  })

  it('accepts an empty feed', () => {
    const body = JSON.stringify({ type: 'FeatureCollection', feed_info: { publisher: 'X' }, features: [] })
    expect(decodeWzdx(body, at('2026-11-23T18:00:00Z'))).toEqual({ items: [], skipped: 0, errors: [] })
  })
})
