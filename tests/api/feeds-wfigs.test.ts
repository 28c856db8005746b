// WFIGS through the engine: incidents and perimeters are two feeds joined by the unique fire id (the incident
// yields to its perimeter), and a fire that is contained leaves on the next run.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import type { Feed } from '../../server/feeds/config.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { preferredBy } from '../../server/feeds/incremental.ts'
import { backends } from './backends.ts'
import { startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const fixture = (path: string) => readFileSync(new URL(`../fixtures/feeds/wfigs/${path}`, import.meta.url), 'utf8')
const NOW = new Date('2026-11-23T18:00:00.000Z')
const BOLT = '2026-WAMSF-000412'

describe.each(await backends())('WFIGS feeds on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let incidents: Feed
  let perimeters: Feed

  const db = () => api.store.db
  const run = async (minutes: number, which: Feed) => {
    const at = new Date(NOW.getTime() + minutes * 60_000)
    api.clock.now = at
    await db().updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', which.id).execute()
    const options = { owner: 'o', userAgent: 'Porchlight/1.0 (test)', allowPrivate: true, now: () => at }
    return runFeed(db(), which, { ...options, preferredBy: preferredBy([incidents, perimeters]) })
  }
  const rows = (feedId: string) =>
    db()
      .selectFrom('items')
      .select(['source_id', 'geometry', 'title'])
      .where('feed_id', '=', feedId)
      .orderBy('source_id')
      .execute()
  const titlesAt = async (lat: number, lon: number) =>
    ((await api.send('GET', `/api/reaction?lat=${lat}&lon=${lon}`)).body.statuses.messages as { title: string }[]).map(
      (item) => item.title,
    )

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    incidents = testFeed({
      id: 'wfigs-incidents-test',
      adapter: 'wfigs',
      url: `${fake.origin}/incidents`,
      options: { preferFeeds: ['wfigs-perimeters-test'] },
    })
    perimeters = testFeed({ id: 'wfigs-perimeters-test', adapter: 'wfigs', url: `${fake.origin}/perimeters` })
    await ensureFeedRows(db(), [incidents.id, perimeters.id], NOW)
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('shows a fire once, as its perimeter when it has one, and drops it once contained', async () => {
    fake.pages.set('/incidents', { body: fixture('incidents.json') })
    fake.pages.set('/perimeters', { body: fixture('perimeters.json') })
    // The incident comes first: the point shows until its perimeter is stored, then only the perimeter.
    await run(0, incidents)
    expect((await rows(incidents.id)).map((row) => row.source_id)).toEqual([BOLT, '2026-WASPS-000533'])
    await run(1, perimeters)
    expect((await rows(perimeters.id)).map((row) => [row.source_id, JSON.parse(row.geometry!).type])).toEqual([[BOLT, 'Polygon']])
    expect((await rows(incidents.id)).map((row) => row.source_id)).toEqual(['2026-WASPS-000533'])
    await run(2, incidents)
    expect((await rows(incidents.id)).map((row) => row.source_id)).toEqual(['2026-WASPS-000533'])
    // A point 4 miles west of the perimeter is within reach; Seattle is 45 miles away.
    expect((await titlesAt(47.93, -121.44)).filter((title) => title === 'Wildfire: Bolt Creek, WA')).toHaveLength(1)
    expect(await titlesAt(47.61, -122.33)).not.toContain('Wildfire: Bolt Creek, WA')
    // Contained: it leaves the perimeters feed's answer, and so the page.
    fake.pages.set('/perimeters', {
      body: fixture('perimeters.json').replaceAll('"attr_PercentContained": 35', '"attr_PercentContained": 100'),
    })
    await run(3, perimeters)
    expect(await rows(perimeters.id)).toEqual([])
    // (Another point: the reaction's micro-cache would answer the same one.)
    expect(await titlesAt(47.931, -121.44)).not.toContain('Wildfire: Bolt Creek, WA')
  })
})
