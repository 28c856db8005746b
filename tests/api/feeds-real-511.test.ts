// A real 511 platform event (tests/fixtures/real/511, see SOURCES.md): AZ511's US-60 flooding closure near Globe of
// 12–13 October 2025, as /api/v2/get/event answered it, through the engine and GET /api/reaction.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import type { AlertItem } from '../../src/lib/items.ts'
import { backends } from './backends.ts'
import { startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

/** The file is one element of the answer's array, as the project's README quoted it; the test serves it as the array. */
const EVENT = readFileSync(new URL('../fixtures/real/511/az511-2025-10-13-us60-flooding.json', import.meta.url), 'utf8')
const BODY = `[${EVENT}]`
/** Its LastUpdated (1760372518). */
const NOW = new Date('2025-10-13T16:21:58.000Z')
const AT = { lat: 33.3958970525985, lon: -110.87480008516 }
// Read from the file by hand: StartDate 1760298060 (2025-10-12T19:41:00Z), no PlannedEndDate, Severity Major,
// EventType accidentsAndIncidents, and the detour in Details, two lines split by "\n".
const DETOURS = [
  'Detour South of Globe: SR-77 South to SR-177 North back onto US-60 West.',
  'Detour North of Globe: SR-188 North to SR-87 South back to Phx Metro area.',
]

describe.each(await backends())('a real AZ511 event on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    fake.pages.set('/events', { body: BODY })
    api.clock.now = NOW
    const feed = testFeed({
      id: '511-az-real',
      adapter: '511-events',
      url: `${fake.origin}/events`,
      options: { publisher: 'AZ511', publisherUrl: 'https://az511.com/' },
    })
    await ensureFeedRows(api.store.db, [feed.id], NOW)
    const options = { owner: 'o', userAgent: 'Porchlight/1.0 (test)', allowPrivate: true, now: () => NOW }
    expect(await runFeed(api.store.db, feed, options)).toMatchObject({
      state: 'stored',
      summary: { added: 1 },
      skipped: 0,
    })
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('shows the US-60 westbound flooding as an urgent incident at Reppy Ave, running since the 12th', async () => {
    const { body } = await api.send('GET', `/api/reaction?lat=${AT.lat}&lon=${AT.lon}`)
    const roads = body.roads.messages as AlertItem[]
    expect(roads).toHaveLength(1)
    expect(roads[0]).toMatchObject({ priority: 'Urgent', startsAt: '2025-10-12T19:41:00.000Z', endsAt: null })
    expect(roads[0]!.title).toContain('US-60')
    expect(JSON.stringify(roads[0])).toContain('Road closed due to flooding on US-60 Westbound')
  })

  it('tells the visitor the two detours AZ511 gives in Details, one line each', async () => {
    const { body } = await api.send('GET', `/api/reaction?lat=${AT.lat + 0.0001}&lon=${AT.lon}`)
    const [road] = body.roads.messages as (AlertItem & { data: { lines: string[] } })[]
    expect(road!.data.lines).toEqual(expect.arrayContaining(DETOURS))
  })
})
