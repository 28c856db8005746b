// A state DOT's production WZDx feed (tests/fixtures/real/wzdx-cdot, see SOURCES.md): Colorado DOT's work zones of
// 8 August 2025, 00:04Z, through the engine and GET /api/reaction, as a visitor at each work zone's start sees them.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import type { AlertItem } from '../../src/lib/items.ts'
import { backends } from './backends.ts'
import { startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const BODY = readFileSync(new URL('../fixtures/real/wzdx-cdot/production_sample_2025_08_07.json', import.meta.url), 'utf8')
type Feature = {
  geometry: { coordinates: [number, number][] }
  properties: { start_date: string; end_date: string; core_details: { road_names: string[]; direction: string } }
}
const FEATURES = (JSON.parse(BODY) as { features: Feature[] }).features
/** The feed's own update_date: the moment the file was published. */
const NOW = new Date('2025-08-08T00:04:06Z')
const running = (f: Feature) => f.properties.start_date <= NOW.toISOString() && f.properties.end_date > NOW.toISOString()

// Counted with jq on the file (SOURCES.md), not with the adapter: 85 work-zone LineStrings, 44 running at NOW
// (start_date <= NOW < end_date), 41 starting later the same week; every one has a road name and a direction.
const EVENTS = 85
const RUNNING = 44

describe.each(await backends())('Colorado DOT’s production WZDx feed on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let point = 0
  /** The road items a visitor at [lon, lat] is shown (a slightly different point each time: no micro-cache). */
  const roadsAt = async ([lon, lat]: [number, number]) => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(lat + point / 10_000_000).toFixed(7)}&lon=${lon}`)
    expect(answer.status).toBe(200)
    return answer.body.roads.messages as AlertItem[]
  }
  const label = (f: Feature) =>
    `Work zone: ${f.properties.core_details.road_names.join(' / ')} ${f.properties.core_details.direction}`

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    fake.pages.set('/cdot', { body: BODY })
    api.clock.now = NOW
    const feed = testFeed({ id: 'wzdx-cdot-real', adapter: 'wzdx', url: `${fake.origin}/cdot` })
    await ensureFeedRows(api.store.db, [feed.id], NOW)
    const options = { owner: 'o', userAgent: 'Porchlight/1.0 (test)', allowPrivate: true, now: () => NOW }
    expect(await runFeed(api.store.db, feed, options)).toMatchObject({ state: 'stored', skipped: 0 })
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('reads every event of the file: 85 work zones, 44 of them running at the feed’s time', () => {
    expect(FEATURES).toHaveLength(EVENTS)
    expect(FEATURES.filter(running)).toHaveLength(RUNNING)
  })

  it('shows each running work zone as active to a visitor at its start, on its road and direction', async () => {
    const missing: string[] = []
    for (const feature of FEATURES.filter(running)) {
      const shown = await roadsAt(feature.geometry.coordinates[0]!)
      const mine = shown.filter((item) => item.title.startsWith(label(feature)) && item.state === 'active')
      if (mine.length === 0) missing.push(`${label(feature)} at ${feature.geometry.coordinates[0]!.join(',')}`)
    }
    expect(missing).toEqual([])
  })

  it('shows each work zone starting later this week on its road too (pending, or as its running day’s schedule)', async () => {
    const missing: string[] = []
    for (const feature of FEATURES.filter((f) => !running(f))) {
      const shown = await roadsAt(feature.geometry.coordinates[0]!)
      if (!shown.some((item) => item.title.startsWith(label(feature)))) missing.push(label(feature))
    }
    expect(missing).toEqual([])
  })
})
