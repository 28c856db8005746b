// Real WZDx files (tests/fixtures/real/wzdx, see SOURCES.md) through the engine and GET /api/reaction, as a
// visitor beside each road sees them; and a DOT's daily closure published one event per day, shown as one work zone.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import de from '../../src/i18n/de.json'
import en from '../../src/i18n/en.json'
import { translator } from '../../src/i18n/translate.ts'
import { roadLines } from '../../src/lib/live/road-path.ts'
import { expandRoads } from '../../src/lib/live/roads.ts'
import { scheduleText } from '../../src/lib/live/schedule.ts'
import type { AlertItem } from '../../src/lib/items.ts'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { backends } from './backends.ts'
import { startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const real = (name: string) => readFileSync(new URL(`../fixtures/real/wzdx/${name}`, import.meta.url), 'utf8')
type Feature = { id: string; geometry: { coordinates: [number, number][] }; properties: Record<string, unknown> }
type Collection = { features: Feature[] } & Record<string, unknown>

/**
 * Counts made with jq on each file, not with the adapter: events running at `at`
 * (`jq '[.features[] | select(.properties.start_date <= AT and .properties.end_date > AT)] | length'`), and their
 * road names and direction (`.properties.core_details | [.road_names, .direction]`).
 */
const FILES = [
  {
    file: 'scenario1_simple_linestring_example.geojson',
    at: '2010-01-01T18:00:00Z',
    running: 5,
    roads: ['128th Street northbound', 'I-235 westbound', 'I-235 westbound', 'I-235 westbound', 'I-80 / I-35 northbound'],
  },
  {
    file: 'scenario2_laneshift_linestring_example.geojson',
    at: '2010-01-02T12:00:00Z',
    running: 1,
    roads: ['I-80 / I-35 westbound'],
  },
  {
    file: 'scenario6_multi_lane_closure_linestring_example.geojson',
    at: '2010-01-03T12:00:00Z',
    running: 1,
    roads: ['I-80 westbound'],
  },
]

describe.each(await backends())('real WZDx feeds on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let point = 0
  const db = () => api.store.db

  const run = async (path: string, body: string, at: Date) => {
    fake.pages.set(path, { body })
    const feed = testFeed({
      id: `wzdx${path.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      adapter: 'wzdx',
      url: `${fake.origin}${path}`,
    })
    await ensureFeedRows(db(), [feed.id], at)
    api.clock.now = at
    const options = { owner: 'o', userAgent: 'Porchlight/1.0 (test)', allowPrivate: true, now: () => at }
    return runFeed(db(), feed, options)
  }
  /** The road items a visitor at [lon, lat] is shown (a slightly different point each time: no micro-cache). */
  const roadsAt = async ([lon, lat]: [number, number]) => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(lat + point / 1_000_000).toFixed(6)}&lon=${lon}`)
    expect(answer.status).toBe(200)
    return answer.body.roads.messages as AlertItem[]
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it.each(FILES)('shows each running event of $file beside its road', async ({ file, at, running, roads }) => {
    const body = real(file)
    await run(`/${file}`, body, new Date(at))
    const features = (JSON.parse(body) as Collection).features
    // Every running event is shown to a visitor at its first point; together they are the file's running events.
    const seen = new Map<string, string>()
    for (const feature of features) {
      const first = feature.geometry.coordinates[0]!
      for (const item of await roadsAt(first)) if (item.title.startsWith('Work zone')) seen.set(item.title + item.id, item.title)
    }
    expect(seen.size).toBe(running)
    const labels = [...seen.values()].map((title) => title.replace(/^Work zone: /, '').replace(/, .*$/, '')).sort()
    expect(labels).toEqual(roads)
  })

  it('gives each work zone its road segment for the map: the feed’s line, at most 64 points, within 2 m', async () => {
    const file = 'scenario1_simple_linestring_example.geojson'
    const body = real(file)
    const at = new Date('2010-01-01T18:00:00Z')
    await run(`/segments-${file}`, body, at)
    const feature = (JSON.parse(body) as Collection).features.find((each) => each.geometry.coordinates.length > 2)!
    const line = feature.geometry.coordinates
    const [item] = (await roadsAt(line[0]!)).filter((each) => each.path && roadLines(each.path)[0]?.length === line.length)
    expect(item, 'a road item whose path has the feed line’s points').toBeDefined()
    const [drawn] = roadLines(item!.path)
    // Precision 5 is 1.1 m of latitude: every point of the feed's line, in [lat, lon] order.
    drawn!.forEach(([lat, lon], index) => {
      expect(Math.abs(lat - line[index]![1])).toBeLessThan(0.00002)
      expect(Math.abs(lon - line[index]![0])).toBeLessThan(0.00002)
    })
    // The file's 65-point line is simplified to at most 64, its two ends kept.
    const long = (JSON.parse(body) as Collection).features.find((each) => each.geometry.coordinates.length === 65)!.geometry
    const ends = [long.coordinates[0]!, long.coordinates.at(-1)!].map(([lon, lat]) => [lat, lon] as const)
    const near = (await roadsAt(long.coordinates[0]!)).map((each) => roadLines(each.path)[0] ?? [])
    const simplified = near.find((points) => points.length > 2 && Math.abs(points[0]![0] - ends[0]![0]) < 0.00002)
    expect(simplified?.length).toBeLessThanOrEqual(64)
    expect(simplified?.length).toBeGreaterThan(10)
    expect(simplified!.at(-1)![0]).toBeCloseTo(ends[1]![0], 4)
    expect(simplified!.at(-1)![1]).toBeCloseTo(ends[1]![1], 4)
    // A point alert near it has no path: only road items with a line carry one.
    const answer = await api.send('GET', `/api/reaction?lat=${line[0]![1]}&lon=${line[0]![0]}`)
    for (const status of answer.body.statuses.messages as AlertItem[]) expect(status.path).toBeUndefined()
  })

  it('shows a closure published once per day as one work zone with its schedule, the day now first', async () => {
    // scenario6's real I-80 event, republished as a DOT does: one event per day, no related_road_events, same shape.
    const source = JSON.parse(real('scenario6_multi_lane_closure_linestring_example.geojson')) as Collection
    const event = source.features[0]!
    const days = [2, 3, 4, 5].map((day) => ({
      ...event,
      id: `${event.id}-dec${day}`,
      properties: {
        ...event.properties,
        // 8 AM–6 PM in Iowa (America/Chicago, UTC-6).
        start_date: `2026-12-0${day}T14:00:00Z`,
        end_date: `2026-12-0${day + 1}T00:00:00Z`,
      },
    }))
    const body = JSON.stringify({ ...source, features: days })
    await run('/daily', body, new Date('2026-12-03T15:00:00Z'))
    const shown = (await roadsAt(event.geometry.coordinates[0]!)).filter((item) => item.title.startsWith('Work zone: I-80'))
    // Dec 2 has ended: Dec 3 (running), 4 and 5 remain, one item.
    expect(shown.map((item) => [item.state, item.startsAt, item.endsAt])).toEqual([
      ['active', '2026-12-03T14:00:00.000Z', '2026-12-04T00:00:00.000Z'],
    ])
    const [group] = expandRoads(shown).groups
    // Intl puts thin spaces around the range's dash: read as plain spaces.
    const line = (locale: string, texts: Parameters<typeof translator>[0]) =>
      scheduleText(group?.schedule ?? [], locale, 'America/Chicago', translator(texts, locale))?.replace(/\s/g, ' ')
    expect(line('en', en)).toBe('Daily 8 AM–6 PM, Dec 3 – 5')
    expect(line('de', de)).toBe('Täglich 08 Uhr–18 Uhr, 3.–5. Dez.')
  })
})
