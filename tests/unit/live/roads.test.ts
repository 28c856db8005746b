import { describe, expect, it } from 'vitest'
import type { AlertItem } from '../../../src/lib/items.ts'
import { directionIn, expandRoads, isLaneClosure, SYNTHETIC_ROAD_ID_START } from '../../../src/lib/live/roads.ts'
import { DEMO_ROADS } from '../../../server/db/demo/roads.ts'

// Defaults most tests leave alone; the expansion reads only distance, lat and lon of these.
const UNUSED = { class: null, image: null, link: null, icon: null, dataLink: null, dataLinkType: null, valueChanged: null }
const MORE = { retrieved: null, isOld: false, dataCategory: null, category: 'Road conditions', distance: 1.5 }
const DATA = { lines: [], classes: [], location: null, status: null, dataTemplate: null, lockResultUntil: null }

/** A road item as the reaction answer carries it. */
function road(id: number, specialData: string | null, fields: Partial<AlertItem> = {}): AlertItem {
  const item = { ...UNUSED, ...MORE, id, priority: 'Normal', stateType: 'road', state: 'open', title: `Road ${id}` }
  return {
    ...item,
    data: { ...DATA, specialData },
    dataAspect: 'roads',
    dataProperty: 'manager',
    lat: 47.74,
    lon: -121.98,
    pageName: null,
    cityName: null,
    ...fields,
  }
}

// The demo rows the way the API answers them: special data as JSON text, ids from 1 in seeding order.
const demo = DEMO_ROADS.map((seed, index) =>
  road(index + 1, JSON.stringify(seed.special), {
    title: seed.title,
    priority: seed.priority,
    state: seed.state,
    stateType: seed.stateType,
    lat: seed.lat,
    lon: seed.lon,
    data: { ...road(0, null).data, lines: seed.lines, specialData: JSON.stringify(seed.special) },
  }),
)

describe('expandRoads on the demo roads', () => {
  const { groups, entries } = expandRoads(demo)

  it('gives one group per road item and synthetic ids counting across items', () => {
    expect(groups.map((group) => group.itemId)).toEqual([1, 2, 3, 4, 5])
    expect(groups.map((group) => group.entries.length)).toEqual([3, 2, 2, 2, 2])
    expect(entries.map((entry) => entry.id)).toEqual(Array.from({ length: 11 }, (_, i) => SYNTHETIC_ROAD_ID_START + i))
    expect(groups.flatMap((group) => group.entries)).toEqual(entries)
  })

  it.each([
    [0, 'SR 203 Duvall–Carnation', 'southbound', true, 2.9],
    [1, 'SR 203 Duvall–Carnation', 'northbound', false, 4.1],
    [2, 'SR 203 / NE 124th St valley crossing', 'both', false, 2.2],
    [3, 'Woodinville-Duvall Rd', 'eastbound', true, 1.2],
    [4, 'Woodinville-Duvall Rd', 'westbound', false, 3.5],
    [5, 'Novelty Hill Rd', 'eastbound', false, 0.3],
    [6, 'Novelty Hill Rd', 'westbound', false, 0.4],
    [7, 'SR 203 Duvall–Monroe', 'northbound', false, 0.5],
    [8, 'SR 203 Duvall–Monroe', 'southbound', false, 0.5],
    [9, 'SR 202 Redmond–Fall City', 'eastbound', false, 2.4],
    [10, 'SR 202 Redmond–Fall City', 'westbound', false, 0.6],
  ])('entry %i: group %s, %s, lane closure %s, %d mi', (index, group, direction, lane, distance) => {
    const seed = DEMO_ROADS[groups.findIndex((entry) => entry.itemId === entries[index]?.itemId)]
    // Demo messages carry no Lat/Lon of their own, so each sits at its road's point.
    expect(entries[index]).toMatchObject({ group, direction, laneClosure: lane, distance, lat: seed?.lat, lon: seed?.lon })
  })

  it('keeps the critical crossing with its priority and state', () => {
    expect(entries[2]).toMatchObject({ itemId: 1, priority: 'Critical', state: 'critical', stateType: 'flooding' })
    expect(entries[2]?.title).toMatch(/^Both directions: NE 124th St closed/)
  })
})

describe('expandRoads edge cases', () => {
  it('shows a road item without special data as its own entry', () => {
    const item = road(7, null, {
      title: ' Open both ways ',
      priority: 'Warning',
      data: { ...road(0, null).data, lines: ['Wet.'] },
    })
    const { groups, entries } = expandRoads([item])
    expect(entries).toEqual([
      {
        id: 7,
        itemId: 7,
        group: null,
        priority: 'Warning',
        stateType: 'road',
        state: 'open',
        title: 'Open both ways',
        description: 'Wet.',
        distance: 1.5,
        direction: 'both',
        laneClosure: false,
        lat: 47.74,
        lon: -121.98,
      },
    ])
    expect(groups).toEqual([{ itemId: 7, title: 'Open both ways', distance: 1.5, entries }])
  })

  it.each([
    ['broken JSON', '{'],
    ['null', 'null'],
    ['an object', '{"Title": "x", "Items": []}'],
    ['numbers', '[1,2]'],
    ['Items not a list', '[{"Items": "x"}]'],
    ['empty groups', '[{"Title": "A", "Items": []}]'],
    ['items of the wrong shape', '[{"Title": "A", "Items": [1, "x", null, [], {"Title": 5}, {"Description": "no title"}]}]'],
    ['an empty string', ''],
    ['a huge string', 'x'.repeat(2_000_000)],
  ])('%s: the road item still shows as itself', (_, specialData) => {
    const { groups, entries } = expandRoads([road(3, specialData)])
    expect(entries.map((entry) => [entry.id, entry.title])).toEqual([[3, 'Road 3']])
    expect(groups).toHaveLength(1)
  })

  it('reads fields in any case, skips bad items without using up ids, and falls back for distance', () => {
    const special = JSON.stringify([
      {
        title: 'G1',
        distance: '2.5',
        items: [{ title: 'NB closed' }, 42, { TITLE: ' I-5 SB ', PRIORITY: 'urgent', Distance: -1 }],
      },
      { Title: 'Empty', Items: [] },
      { Items: [{ Title: 'Lanes are blocked', Distance: 'far' }] },
    ])
    const { entries } = expandRoads([road(1, special), road(2, '[{"Items": [{"Title": "eastbound"}]}]')])
    expect(entries.map((entry) => [entry.id, entry.group, entry.title, entry.distance, entry.direction, entry.priority])).toEqual(
      [
        [10000, 'G1', 'NB closed', 2.5, 'northbound', 'Normal'],
        [10001, 'G1', 'I-5 SB', 2.5, 'southbound', 'Urgent'],
        [10002, null, 'Lanes are blocked', 1.5, null, 'Normal'],
        [10003, null, 'eastbound', 1.5, 'eastbound', 'Normal'],
      ],
    )
    expect(entries[2]?.laneClosure).toBe(true)
  })

  it('caps long text and keeps markup as plain text', () => {
    const markup = '<script>alert(1)</script><b>x</b>'
    const special = JSON.stringify([{ Items: [{ Title: markup, Description: 'd'.repeat(5000) }, { Title: 't'.repeat(500) }] }])
    const { entries } = expandRoads([road(1, special)])
    expect(entries[0]?.title).toBe(markup)
    expect(entries[0]?.description).toHaveLength(1000)
    expect(entries[1]?.title).toHaveLength(200)
  })

  it('does not split an emoji when capping', () => {
    const special = JSON.stringify([{ Items: [{ Title: `${'a'.repeat(199)}🚧🚧` }] }])
    expect(expandRoads([road(1, special)]).entries[0]?.title).toBe('a'.repeat(199))
  })

  it("takes a message's point only when both Lat and Lon are valid numbers, else the road's", () => {
    const special = JSON.stringify([
      {
        Items: [
          { Title: 'a', Lat: 47.7, Lon: -121.9 },
          { Title: 'b', lat: 47.7 },
          { Title: 'c', Lat: '47', Lon: -121 },
          { Title: 'd', Lat: 95, Lon: 0 },
        ],
      },
    ])
    expect(expandRoads([road(1, special)]).entries.map((entry) => [entry.lat, entry.lon])).toEqual([
      [47.7, -121.9],
      [47.74, -121.98],
      [47.74, -121.98],
      [47.74, -121.98],
    ])
  })

  it('leaves the point empty when the road item has none either', () => {
    const item = { ...road(1, '[{"Items": [{"Title": "a"}]}]'), lat: Number.NaN }
    const bare: Record<string, unknown> = { ...road(2, null) }
    delete bare['lon']
    const { entries } = expandRoads([item, bare as AlertItem])
    expect(entries.map((entry) => [entry.lat, entry.lon])).toEqual([
      [null, null],
      [null, null],
    ])
  })

  it('returns nothing for no road items', () => {
    expect(expandRoads([])).toEqual({ groups: [], entries: [] })
  })
})

describe('directionIn', () => {
  it.each([
    ['Northbound: open', 'northbound'],
    ['north bound lanes', 'northbound'],
    ['I-405 NB at SR 520', 'northbound'],
    ['US 2 S/B closed', 'southbound'],
    ['EB ramp', 'eastbound'],
    ['Westbound: open', 'westbound'],
    ['Closed in both directions', 'both'],
    ['Open both ways', 'both'],
    ['Northbound and southbound lanes closed', 'both'],
    ['westbound & eastbound', 'both'],
    ['Eastbound I-90 to northbound I-405', 'eastbound'],
    ['the web page', null],
    ['a sb lower-case word', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, direction) => expect(directionIn(value)).toBe(direction))
})

describe('isLaneClosure', () => {
  it.each([
    ['Right lane closed', null, true],
    ['Two lanes are blocked', null, true],
    ['Overnight lane closure', null, true],
    ['Crews will close the left lane', null, true],
    ['Crews closed the left lane', null, true],
    ['Lane-closure ahead', null, true],
    ['No lane closures reported', null, false],
    ['Both lanes stay open', null, false],
    ['Road closed', null, false],
    ['Lane shift', 'construction', false],
    ['Alternating traffic', 'lane', true],
    ['Alternating traffic', 'Lane closure', true],
    ['Alternating traffic', 'planet', false],
  ])('%s (%s) → %s', (value, stateType, lane) => expect(isLaneClosure(value, stateType)).toBe(lane))
})
